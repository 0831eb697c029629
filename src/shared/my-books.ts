/**
 * "My bookmakers": the books a person has accounts at. Their rows come first
 * in every per-book table, and the "My books only" toggle limits "best" (the lead line, the
 * best-price highlight), the slip comparison, sure bets and value bets to them. Pure, shared by
 * the server (validation, the tools' `books` parameter) and the client; the strings live here once.
 */
import type { MarketOddsDto } from './contract/odds';
import { OddsFlag, PROVIDER_IDS, providerName } from './lookups';
import { bestIndexes } from './odds-math';

/** The books a person can choose from: the live country's five, in the lookups' order. */
export const MY_BOOK_CHOICES: readonly number[] = PROVIDER_IDS;

export function isKnownBook(id: number): boolean {
  return MY_BOOK_CHOICES.includes(id);
}

/** Known ids in the lookups' order, each once; the first unknown id as `unknown`. */
export function normalizeBooks(ids: readonly number[]): { books: number[]; unknown?: number } {
  const unknown = ids.find((id) => !isKnownBook(id));
  if (unknown !== undefined) return { books: [], unknown };
  return { books: MY_BOOK_CHOICES.filter((id) => ids.includes(id)) };
}

/** The `books` query parameter's form: ids joined by commas ('1,3'). */
export const BOOKS_PARAM_PATTERN = '^[0-9]{1,3}(,[0-9]{1,3}){0,9}$';

/** '1,3,5' → [1, 3, 5] in the lookups' order; the first unknown id as `unknown`. */
export function parseBooksParam(text: string): { books: number[]; unknown?: number } {
  return normalizeBooks(text.split(',').map(Number));
}

export function booksParam(books: readonly number[]): string {
  return books.join(',');
}

/** The rows' order: the person's books first (in the lookups' order), then the others as given. */
export function mineFirst<T extends number>(providerIds: readonly T[], books: readonly number[]): T[] {
  if (books.length === 0) return [...providerIds];
  return [...providerIds.filter((id) => books.includes(id)), ...providerIds.filter((id) => !books.includes(id))];
}

/**
 * A market's rows with Best recomputed among `books` only (a stale row is never best, as on the
 * server); the other books' prices lose the mark. Rows keep their order and every other flag.
 */
export function bestAmong(market: MarketOddsDto, books: readonly number[]): MarketOddsDto {
  const selections = new Set(market.odds.flatMap((row) => row.odds.map((p) => p.selectionTypeId)));
  const best = new Map<number, Set<number>>();
  for (const selectionTypeId of selections) {
    const values = market.odds.map((row) =>
      row.stale || !books.includes(row.providerId)
        ? null
        : row.odds.find((p) => p.selectionTypeId === selectionTypeId)?.value,
    );
    best.set(selectionTypeId, new Set(bestIndexes(values).map((i) => market.odds[i]!.providerId)));
  }
  return {
    ...market,
    odds: market.odds.map((row) => ({
      ...row,
      odds: row.odds.map((price) => {
        const flags = best.get(price.selectionTypeId)?.has(row.providerId)
          ? price.flags | OddsFlag.Best
          : price.flags & ~OddsFlag.Best;
        return flags === price.flags ? price : { ...price, flags };
      }),
    })),
  };
}

/** Only the rows of `books` (the lead line's answer among them). */
export function rowsOfBooks(market: MarketOddsDto, books: readonly number[]): MarketOddsDto {
  return { ...market, odds: market.odds.filter((row) => books.includes(row.providerId)) };
}

export const MY_BOOKS_MSG = {
  /** The setting's name, on the profile and as the prompt's heading. */
  title: 'My bookmakers',
  /** The dashboard's one-time question. */
  question: 'Which bookmakers do you have accounts at? Their prices come first.',
  /** The profile's explanation. */
  about:
    'Their rows come first in every table, and "My books only" limits the best price, the slip, sure bets and value bets to them.',
  save: 'Save',
  skip: 'Skip',
  saved: 'Saved.',
  saveFailed: 'Your bookmakers could not be saved. Please try again.',
  loadFailed: 'Your bookmakers could not be loaded.',
  none: 'None chosen: every table treats all books alike.',
  /** The toggle: a group of two buttons. */
  toggle: 'Which books count for the best price',
  onlyMine: 'My books only',
  allBooks: 'All books',
  /** Under a tool's list while "My books only" is on. */
  limitedTo: (books: readonly number[]) => `Only ${books.map(providerName).join(', ')}.`,
} as const;
