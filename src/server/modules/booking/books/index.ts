/**
 * The five books as the booking module knows them (docs/sources.md, "Booking codes"). Loading
 * works for SportyBet and Bet9ja, creating too; BetKing, NairaBet and 1xBet have their code
 * pattern and link only until their calls are known.
 */
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { bet9jaBooking } from './bet9ja.booking';
import type { BookingBook } from './book-types';
import { sportybetBooking } from './sportybet.booking';

const CODE = /^[A-Z0-9]{4,12}$/;

const betkingBooking: BookingBook = {
  provider: 2,
  country: NIGERIA_COUNTRY_ID,
  key: 'betking',
  slug: 'betking',
  codePattern: CODE,
  defaultBase: { load: 'https://m.betking.com', create: 'https://m.betking.com' },
  site: 'https://m.betking.com/',
  link: (code) => `https://m.betking.com/en-ng/sports/book-bet/${encodeURIComponent(code)}`,
};

const nairabetBooking: BookingBook = {
  provider: 4,
  country: NIGERIA_COUNTRY_ID,
  key: 'nairabet',
  slug: 'nairabet',
  codePattern: CODE,
  defaultBase: { load: 'https://www.nairabet.com', create: 'https://www.nairabet.com' },
  site: 'https://www.nairabet.com/',
  link: () => 'https://www.nairabet.com/',
};

const onexbetBooking: BookingBook = {
  provider: 5,
  country: NIGERIA_COUNTRY_ID,
  key: 'onexbet',
  slug: '1xbet',
  codePattern: CODE,
  defaultBase: { load: 'https://1xbet.ng', create: 'https://1xbet.ng' },
  site: 'https://1xbet.ng/',
  link: () => 'https://1xbet.ng/',
};

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
