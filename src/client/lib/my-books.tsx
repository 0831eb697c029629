/**
 * "My bookmakers": the books a person has accounts at, stored on the account
 * (`GET`/`PUT /api/users/me/books`), and the "My books only / All books" toggle, kept per person
 * on this device (localStorage `my-books-only:<user id>`; on unless switched off). Here rather than in
 * a feature because the dashboard, the match page, the slip, the tools and the profile all read it.
 */
import { type ReactNode, useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import type { MyBooksDto } from '@shared/contract/my-books';
import { api } from './api';
import { MyBooksContext, type MyBooksValue } from './my-books-context';
import { browserStorage } from './session-storage';
import { selectUser, type AuthState } from './session';

const dataOf = (response: { data?: Partial<MyBooksDto> } | null | undefined): MyBooksDto => ({
  books: response?.data?.books ?? [],
  answered: response?.data?.answered ?? false,
});

export const myBooksApi = api.enhanceEndpoints({ addTagTypes: ['MyBooks'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyBooks: build.query<MyBooksDto, void>({
      query: () => ({ url: '/users/me/books' }),
      transformResponse: dataOf,
      providesTags: ['MyBooks'],
    }),
    putMyBooks: build.mutation<MyBooksDto, readonly number[]>({
      query: (books) => ({ url: '/users/me/books', method: 'PUT', body: { books } }),
      transformResponse: dataOf,
      async onQueryStarted(_books, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(myBooksApi.util.upsertQueryData('getMyBooks', undefined, data));
        } catch {
          // The stored choice stays; the caller shows the error.
        }
      },
    }),
  }),
});

// ---- the toggle, per person on this device ----

const listeners = new Set<() => void>();
const keyOf = (userId: string) => `my-books-only:${userId}`;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readOnlyMine(userId: string | undefined): boolean {
  if (!userId) return false;
  try {
    return browserStorage()?.getItem(keyOf(userId)) !== '0';
  } catch {
    return true;
  }
}

function writeOnlyMine(userId: string, on: boolean): void {
  try {
    browserStorage()?.setItem(keyOf(userId), on ? '1' : '0');
  } catch {
    // Best effort: the choice holds until the page reloads.
  }
  memory.set(userId, on);
  for (const listener of listeners) listener();
}

/** What this tab chose, so a blocked storage still switches. */
const memory = new Map<string, boolean>();

const useAuthSelector = useSelector.withTypes<{ auth: AuthState }>();

/**
 * The chosen books (empty while logged out or loading), whether the question was answered, the
 * toggle, and `save`. `limit` is what "best" counts: the chosen books while "My books only" is on.
 */
export function useMyBooks() {
  const userId = useAuthSelector(selectUser)?.id;
  const query = myBooksApi.useGetMyBooksQuery(undefined, { skip: !userId });
  const [put, saving] = myBooksApi.usePutMyBooksMutation();
  const read = () => (userId === undefined ? false : (memory.get(userId) ?? readOnlyMine(userId)));
  // The same reading serves a server render (the replay tool renders the app to HTML).
  const stored = useSyncExternalStore(subscribe, read, read);
  const books = query.data?.books ?? NO_BOOKS;
  const onlyMine = stored && books.length > 0;
  const setOnlyMine = useCallback(
    (on: boolean) => {
      if (userId) writeOnlyMine(userId, on);
    },
    [userId],
  );
  const save = useCallback((next: readonly number[]) => put(next).unwrap(), [put]);
  return {
    books,
    /** Loaded and answered (saved or skipped) at least once. */
    answered: query.data?.answered ?? false,
    loaded: query.data !== undefined,
    /** Loaded, failed or logged out: a list limited by the choice can be asked for now. */
    settled: !userId || query.isSuccess || query.isError,
    loadError: query.isError ? query.error : undefined,
    onlyMine,
    limit: onlyMine ? books : null,
    setOnlyMine,
    save,
    saving: saving.isLoading,
  };
}

const NO_BOOKS: readonly number[] = [];

/** Provides the chosen books and the toggle to the odds tables of a logged-in page. */
export function MyBooksScope({ children }: { children: ReactNode }) {
  const { books, onlyMine, limit, setOnlyMine } = useMyBooks();
  const value = useMemo<MyBooksValue>(
    () => ({ books, onlyMine, limit, setOnlyMine }),
    [books, onlyMine, limit, setOnlyMine],
  );
  return <MyBooksContext.Provider value={value}>{children}</MyBooksContext.Provider>;
}
