/**
 * The five bookmaker adapters, by id and provider. A collector asks each for its requests
 * (one per league with a known id, base URL and league ids from configuration), fetches them,
 * and hands each answer to the same adapter's parser; the batch goes through the ingest
 * pipeline like every other source.
 */
import { bet9ja } from './bet9ja/bet9ja.adapter';
import { betking } from './betking/betking.adapter';
import { nairabet } from './nairabet/nairabet.adapter';
import { onexbet } from './onexbet/onexbet.adapter';
import { sportybet } from './sportybet/sportybet.adapter';
import type { BookAdapter, BookId } from './source-types';

export const BOOK_ADAPTERS: readonly BookAdapter[] = [bet9ja, betking, sportybet, nairabet, onexbet];

export function bookAdapter(id: BookId | string): BookAdapter | undefined {
  return BOOK_ADAPTERS.find((a) => a.id === id.toLowerCase() || a.envKey === id.toUpperCase());
}

export { bet9ja, betking, nairabet, onexbet, sportybet };
export * from './source-types';
export { parseLeagueIds } from './parse/requests';
export { clubDirectory, ClubDirectory, parseClubAliases } from './club-aliases';
export {
  matchAcrossBooks,
  placeListing,
  CROSS_BOOK_TOLERANCE_MS,
  type BookEvent,
  type MatchedEvent,
  type AmbiguousEvent,
} from './cross-book-matcher';
