/** Longest delivery note a shopper can leave with an order. */
export const NOTE_MAX_LENGTH = 500;
