/** The one query readiness needs: does the database answer? */
import { sql } from 'kysely';
import type { Db } from '../../core/db/connect';

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
