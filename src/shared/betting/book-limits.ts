/**
 * Minimum stake in Naira at each bookmaker: the one table the stake
 * calculator reads. ₦100 at every book unless a book is configured otherwise here.
 */
import { PROVIDER_IDS } from '../lookups';
import { DEFAULT_MIN_STAKE_NAIRA } from './surebets';

export const BOOK_MIN_STAKE_NAIRA: Readonly<Record<number, number>> = Object.fromEntries(
  PROVIDER_IDS.map((id) => [id, DEFAULT_MIN_STAKE_NAIRA]),
);
