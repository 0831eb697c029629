/** SQL for one-time codes: issue, supersede, count per address, claim a try, consume. */
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/connect';
import type { Database } from '../../database';
import type { OneTimeCodesTable, OtpPurpose } from './accounts.tables';

type CodeRow = Selectable<OneTimeCodesTable>;
type Codes = ExpressionBuilder<Database, 'one_time_codes'>;

/** The user's codes of one purpose. */
const codesOf = (userId: string, purpose: OtpPurpose) => (eb: Codes) =>
  eb.and([eb('user_id', '=', userId), eb('purpose', '=', purpose)]);

/** Neither used nor voided. */
const live = (eb: Codes) => eb.and([eb('used_at', 'is', null), eb('voided_at', 'is', null)]);

/** Live, and within its lifetime and tries: a code that could still be used. */
const usable = (now: number, maxTries: number) => (eb: Codes) =>
  eb.and([live(eb), eb('expires_at', '>', now), eb('attempts', '<', maxTries)]);

/** Codes sent to an address for a purpose since `since`, newest first (cooldown rules). */
export async function codesSentSince(db: Db, email: string, purpose: OtpPurpose, since: number) {
  return db
    .selectFrom('one_time_codes')
    .select(['created_at'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
}

/** A new code voids the older live ones of the same user and purpose. */
export async function voidLiveCodes(db: Db, userId: string, purpose: OtpPurpose, at: number): Promise<void> {
  await db.updateTable('one_time_codes').set({ voided_at: at }).where(codesOf(userId, purpose)).where(live).execute();
}

export async function insertCode(db: Db, code: Insertable<OneTimeCodesTable>): Promise<void> {
  await db.insertInto('one_time_codes').values(code).execute();
}

/** Rows older than this are of no use to any rule; dropping them keeps the table small. */
export async function deleteCodesBefore(db: Db, userId: string, before: number): Promise<void> {
  await db.deleteFrom('one_time_codes').where('user_id', '=', userId).where('created_at', '<', before).execute();
}

/** The newest code of the user and purpose that no newer code superseded. */
export async function latestCode(db: Db, userId: string, purpose: OtpPurpose): Promise<CodeRow | undefined> {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where(codesOf(userId, purpose))
    .where('voided_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findCode(db: Db, id: string): Promise<CodeRow | undefined> {
  return db.selectFrom('one_time_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes one of the code's tries atomically; false when none is left (or the code is spent).
 * Counting before comparing is what keeps 50 parallel guesses down to `maxTries` checks.
 */
export async function claimTry(db: Db, id: string, maxTries: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where(usable(now, maxTries))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the code used; false when another request used (or voided) it first. */
export async function consumeCode(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where(live)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the user holds a code of this purpose that could still be used (not spent, tried out, voided or expired). */
export async function hasUsableCode(db: Db, userId: string, purpose: OtpPurpose, now: number, maxTries: number) {
  const row = await db
    .selectFrom('one_time_codes')
    .select('id')
    .where(codesOf(userId, purpose))
    .where(usable(now, maxTries))
    .executeTakeFirst();
  return row !== undefined;
}

export async function codesOfUser(db: Db, userId: string): Promise<CodeRow[]> {
  return db.selectFrom('one_time_codes').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}
