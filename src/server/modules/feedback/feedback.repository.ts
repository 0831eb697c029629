/** SQL for anonymous feedback: the message and its time, nothing else. */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/connect';
import type { FeedbackTable } from './feedback.tables';

type FeedbackRow = Selectable<FeedbackTable>;

export async function insertFeedback(db: Db, message: string, at: number): Promise<void> {
  await db.insertInto('feedback').values({ id: randomUUID(), message, created_at: at }).execute();
}

export async function listFeedback(db: Db, options: { limit?: number; since?: number } = {}): Promise<FeedbackRow[]> {
  let query = db.selectFrom('feedback').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc');
  if (options.since !== undefined) query = query.where('created_at', '>=', options.since);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return query.execute();
}
