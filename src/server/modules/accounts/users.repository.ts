/** SQL for users (only repositories hold SQL; plain functions, db first). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { UsersTable } from './accounts.tables';
import { dialectOf, type Db } from '../../core/db/connect';

export type UserRow = Selectable<UsersTable>;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByUsernameKey(db: Db, usernameKey: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey).executeTakeFirst();
}

export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(db: Db, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * Raises the user's credentials version (a reset or change of the password) and answers the new
 * one; inside the transaction that ends the other sessions.
 */
export async function bumpCredentialsVersion(db: Db, id: string): Promise<number> {
  await db
    .updateTable('users')
    .set((eb) => ({ credentials_version: eb('credentials_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('users').select('credentials_version').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.credentials_version);
}

/** Marks the user verified (once); false when it already was. */
export async function markVerified(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ verified_at: at, last_login_at: at })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Serializes account changes for one user inside a transaction. PostgreSQL takes a row lock;
 * SQLite needs none, because a transaction there already holds the only connection.
 */
export async function lockUser(trx: Db, id: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
  }
}

/** Deletes the user; codes, refresh tokens, failures and revocations go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
