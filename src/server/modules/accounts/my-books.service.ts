/**
 * "My bookmakers": the books the signed-in person has accounts at, stored on the
 * account. A book that is not one of the country's answers 400 UNKNOWN_BOOKMAKER; repeats are
 * kept once and the list is stored in the lookups' order. Saving an empty list answers the
 * dashboard's question too ("skip").
 */
import type { MyBooksDto } from '@shared/contract/my-books';
import { normalizeBooks } from '@shared/my-books';
import { unauthorized, unknownBookmaker } from '../../core/errors';
import type { AccountsContext } from './accounts.context';
import { findUserById, updateUser } from './users.repository';

/** The stored column's value as the answer's shape. */
export function myBooksOf(stored: string | null): MyBooksDto {
  if (stored === null) return { books: [], answered: false };
  const ids = stored === '' ? [] : stored.split(',').map(Number);
  // A book retired from the lookups since it was chosen is simply left out.
  return { books: ids.length ? normalizeBooks(ids.filter(Number.isInteger)).books : [], answered: true };
}

export async function myBooks(ctx: AccountsContext, userId: string): Promise<MyBooksDto> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return myBooksOf(user.my_books);
}

export async function setMyBooks(ctx: AccountsContext, userId: string, ids: readonly number[]): Promise<MyBooksDto> {
  const { books, unknown } = normalizeBooks(ids);
  if (unknown !== undefined) throw unknownBookmaker('books', unknown);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  await updateUser(ctx.db, userId, { my_books: books.join(',') });
  return { books, answered: true };
}
