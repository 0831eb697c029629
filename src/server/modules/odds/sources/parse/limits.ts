/** Limits of the feed batch (shared/contract/ingest FEED_LIMITS) the parsers keep to. */
export const MAX_PRICE = 10_000;
export const MAX_TEXT = 100;
export const MAX_EVENTS = 2000;
