/**
 * "My bookmakers" as the odds tables read them: the chosen books and whether
 * "My books only" is on. The pages of the logged-in area provide it (`MyBooksScope`); without a
 * provider (the public preview, component tests) no books are chosen and every table is as before.
 */
import { createContext, useContext } from 'react';

export interface MyBooksValue {
  /** The chosen books in the lookups' order; empty when none (or logged out). */
  books: readonly number[];
  /** "My books only" is on and some books are chosen. */
  onlyMine: boolean;
  /** The books "best" is limited to: `books` while `onlyMine`, else null (every book). */
  limit: readonly number[] | null;
  setOnlyMine(on: boolean): void;
}

const NONE: MyBooksValue = { books: [], onlyMine: false, limit: null, setOnlyMine: () => undefined };

export const MyBooksContext = createContext<MyBooksValue>(NONE);

/** The chosen books and the toggle, as provided by the page (none outside the logged-in area). */
export function useMyBooksContext(): MyBooksValue {
  return useContext(MyBooksContext);
}
