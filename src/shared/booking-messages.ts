/**
 * User-facing strings of booking codes, kept with the slip's
 * chunk; the share text's rule is here too, so the page and its tests read one place.
 */
import type { SkipReason, UnmappedReason } from './contract/booking';

/**
 * A booking code as every book we know writes it, upper-cased: 4 to 12 letters and digits. The
 * form checks it before asking the server, and the server checks each book's own pattern.
 */
export const BOOKING_CODE = /^[A-Z0-9]{4,12}$/;

/** The books whose codes load and which can make codes. */
export const LOADABLE_BOOKS = [3, 1] as const;
export const BOOKABLE_BOOKS = [3, 1] as const;

/** The slug of the shareable page /code/<slug>/<CODE>, by book id. */
export const BOOK_SLUGS: Readonly<Record<number, string>> = {
  1: 'bet9ja',
  2: 'betking',
  3: 'sportybet',
  4: 'nairabet',
  5: '1xbet',
};

export function bookBySlug(slug: string): number | undefined {
  const found = Object.entries(BOOK_SLUGS).find(([, s]) => s === slug.toLowerCase());
  return found ? Number(found[0]) : undefined;
}

export const codePath = (provider: number, code: string) =>
  `/code/${BOOK_SLUGS[provider] ?? provider}/${encodeURIComponent(code)}`;

export const BOOKING_MSG = {
  loadTitle: 'Load a booking code',
  book: 'Bookmaker',
  code: 'Booking code',
  load: 'Load code',
  loading: 'Loading code…',
  badCode: 'Enter the code as the bookmaker shows it: 4 to 12 letters and digits.',
  loaded: (count: number, book: string, code: string) =>
    count === 1
      ? `1 leg of ${book} code ${code} is on your slip.`
      : `${count} legs of ${book} code ${code} are on your slip.`,
  noneMapped: 'None of the legs of this code is a match and market we compare.',
  askTitle: 'Your slip is not empty',
  ask: 'Replace your slip with this code, or add its legs to it?',
  replace: 'Replace slip',
  join: 'Add to slip',
  cancel: 'Cancel',
  unmappedTitle: 'Not on your slip:',
  unmapped: (reason: UnmappedReason) =>
    ({
      match_not_found: 'match not listed here',
      market_not_compared: 'market not compared here',
      unavailable: 'no longer available at the bookmaker',
    })[reason],
  getCode: (book: string) => `Get ${book} code`,
  /** Above 'Get <Book> code' when the book paying most cannot book: why the button names another. */
  cannotBookTop: (top: string, book: string) => `Codes can't be made at ${top} here. Next best: ${book}.`,
  gettingCode: 'Making the code…',
  codeTitle: (book: string) => `${book} code`,
  copy: 'Copy code',
  copied: 'Code copied',
  share: 'Share',
  openAt: (book: string) => `Open the slip at ${book}`,
  booked: (booked: number, all: number) =>
    booked === all ? `All ${all} legs are in this code.` : `${booked} of ${all} legs are in this code.`,
  skipped: (reason: SkipReason) =>
    ({
      not_offered: 'not offered there',
      suspended: 'suspended there',
      started: 'already started',
      needs_live_prices: 'no live price there',
    })[reason],
  otherBooks: 'Codes at the other bookmakers:',
  notOfferedAt: (books: string) => `Not offered at: ${books}`,
  pageTitle: (book: string, code: string) => `${book} code ${code}`,
  pageIntro: 'Which bookmaker pays most for this slip, and its code there.',
  toSlip: 'Put these legs on my slip',
  pageLink: 'Page of this code to share',
  pageLoginPrompt: 'Log in to see which bookmaker pays most for this code.',
  logIn: 'Log in',
  badPage: 'This code link is not valid.',
  /** The share text: '<Book> code ABC123 — pays ₦X on ₦1,000 (Y% more than <source book>)'. */
  shareText: (book: string, code: string, pays: string, stake: string, morePct: string | null, source: string | null) =>
    `${book} code ${code} — pays ${pays} on ${stake}` + (morePct && source ? ` (${morePct}% more than ${source})` : ''),
} as const;
