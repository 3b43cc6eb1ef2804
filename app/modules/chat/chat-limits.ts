/** Chat rules the browser needs too (the send box's limit). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Spec §9: messages and shops are paged by 20. */
export const CHAT_PAGE_SIZE = 20;
