/**
 * The text a made code is shared with: '<Book> code ABC123 —
 * pays ₦X on ₦1,000 (Y% more than <source book>)', the source book being the one whose code the
 * slip came from (every leg at one book), and the link that shares it where the Web Share API is
 * missing (WhatsApp).
 */
import type { AccumulatorComparison } from '@shared/betting/accumulator';
import { potentialReturn } from '@shared/betting/accumulator';
import { BOOKING_MSG } from '@shared/booking-messages';
import { providerName } from '@shared/lookups';
import { formatNaira } from '@shared/tools-messages';
import type { SlipLeg } from '../../../lib/slip.slice';

export const SHARE_STAKE = 1000;

/** The book every leg was taken at (a loaded code), else null. */
export function sourceBook(legs: readonly SlipLeg[]): number | null {
  const books = new Set(legs.map((l) => l.providerId));
  return books.size === 1 ? (legs[0]?.providerId ?? null) : null;
}

export function shareText(
  provider: number,
  code: string,
  legs: readonly SlipLeg[],
  comparison: Pick<AccumulatorComparison, 'books'>,
): string {
  const price = comparison.books.find((b) => b.providerId === provider)?.price;
  const source = sourceBook(legs);
  const sourcePrice = comparison.books.find((b) => b.providerId === source)?.price;
  const pays = price === undefined ? '-' : formatNaira(potentialReturn(SHARE_STAKE, price));
  const more =
    price !== undefined && sourcePrice !== undefined && source !== provider && price > sourcePrice
      ? ((price / sourcePrice - 1) * 100).toFixed(2)
      : null;
  return BOOKING_MSG.shareText(
    providerName(provider),
    code,
    pays,
    formatNaira(SHARE_STAKE, 0),
    more,
    source === null ? null : providerName(source),
  );
}

export const whatsappLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
