/**
 * What the booking module needs of one bookmaker: its code
 * pattern, default base URLs, the link that opens a code on its site, and — where its calls
 * are known — how to load a code and how to create one from stored `ref`s.
 */

/** One leg of a book's code, read from the book's answer and mapped to our market and selection. */
export interface NativeLeg {
  /** The book's own event id (its externalId in our feed). */
  eventId: string;
  /** The match's Sportradar id (digits) where the book gives it. */
  sportradarId: string | null;
  home: string;
  away: string;
  kickoffAt: number | null;
  /** Our market and selection; null when the book's market is not one we compare. */
  market: number | null;
  selection: number | null;
  price: number | null;
  /** The book's own words for the market and outcome, plain text. */
  label: string;
  /** False when the book lists the leg as no longer available. */
  available: boolean;
}

export interface NativeCode {
  legs: NativeLeg[];
  /** When the code dies (the book's deadline, else its earliest kick-off); null when unknown. */
  expiresAt: number | null;
}

/** The earliest kick-off of a code's legs (a code dies with its first match), null when none is known. */
export function earliestKickoff(legs: readonly NativeLeg[]): number | null {
  const kickoffs = legs.flatMap((l) => (l.kickoffAt === null ? [] : [l.kickoffAt]));
  return kickoffs.length ? Math.min(...kickoffs) : null;
}

/** A price to book: its stored ref and the price we saw. */
export interface RefToBook {
  ref: string;
  price: number;
}

export interface BookingBook {
  provider: number;
  /** The country of the book's matches (a leg is looked for among that country's events). */
  country: number;
  /** `BOOKING_URL_<KEY>` and the config's key (lower case). */
  key: string;
  codePattern: RegExp;
  /** Base URL of the book's load and create calls when BOOKING_URL_<KEY> is unset (else its site's origin). */
  defaultBase?: { load: string; create: string };
  /** The book's page, sent as Referer and Origin. */
  site: string;
  load?: (base: string, code: string) => Promise<NativeCode>;
  /** Whether a stored ref is one this book's create call can take. */
  validRef?: (ref: string) => boolean;
  create?: (base: string, refs: readonly RefToBook[]) => Promise<{ code: string; url: string | null }>;
  /** The book's own link that opens a code's slip. */
  link: (code: string) => string;
}
