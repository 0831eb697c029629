/** Stored times are epoch milliseconds (bigint columns); the wire speaks UTC ISO 8601. */
export const iso = (ms: number): string => new Date(Number(ms)).toISOString();

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));
