/**
 * The five books as the booking module knows them. Loading
 * works for SportyBet and Bet9ja, creating too; BetKing, NairaBet and 1xBet have their code
 * pattern and link only until their calls are known.
 */
import { BOOKING_CODE } from '@shared/booking-messages';
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { bet9jaBooking } from './bet9ja.booking';
import { type BookingBook } from './book-types';
import { sportybetBooking } from './sportybet.booking';

/** A book whose calls are not known yet: its code pattern and the link that opens its site (or the code). */
function linkOnly(
  provider: number,
  key: string,
  site: string,
  link: (code: string) => string = () => site,
): BookingBook {
  return { provider, country: NIGERIA_COUNTRY_ID, key, codePattern: BOOKING_CODE, site, link };
}

const betkingBooking = linkOnly(
  2,
  'betking',
  'https://m.betking.com/',
  (code) => `https://m.betking.com/en-ng/sports/book-bet/${encodeURIComponent(code)}`,
);
const nairabetBooking = linkOnly(4, 'nairabet', 'https://www.nairabet.com/');
const onexbetBooking = linkOnly(5, 'onexbet', 'https://1xbet.ng/');

export const BOOKING_BOOKS: readonly BookingBook[] = [
  bet9jaBooking,
  betkingBooking,
  sportybetBooking,
  nairabetBooking,
  onexbetBooking,
];

export function bookingBook(provider: number): BookingBook | undefined {
  return BOOKING_BOOKS.find((b) => b.provider === provider);
}
