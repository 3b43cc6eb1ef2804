/**
 * How old a catalogue page may be when a shopper gets it: `PAGE_CACHE_SECONDS` (default 10; 0 turns keeping off).
 * The page cache keeps whole pages that long (ADR 0007), and the product cards such pages show are kept as long
 * (ADR 0037): a card is never older than the page it could have been kept in.
 */
const seconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10);
export const CATALOGUE_KEPT_MS = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
