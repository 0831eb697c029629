/** Applies every pending migration; used on server start and by `npm run db:migrate`. */
import { type Kysely, type MigrationResult, Migrator } from 'kysely';
import { migrations } from './migrations/index';

class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: readonly MigrationResult[],
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${failed} failed: ${reason}`, results);
  }
  return results;
}
