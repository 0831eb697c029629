/**
 * Child process of the crash test: starts ingesting a full demo tick's batch into
 * DATABASE_URL, announces IN_TRANSACTION just before commit, and waits there to be killed.
 */
import { connectDatabase } from '../../../../src/server/core/db/connect';
import { DemoFeed } from '../../../../src/server/modules/odds/demo/demo-feed';
import { ingestBatch } from '../../../../src/server/modules/odds/ingest/ingest-pipeline';

const url = process.env.DATABASE_URL as string;
const now = Number(process.env.CRASH_NOW);
const db = connectDatabase(url);
const [batch] = new DemoFeed({ seed: 42 }).tick(now);

void ingestBatch(db, batch, {
  source: 'demo',
  now: () => now,
  beforeCommit: () => {
    process.stdout.write('IN_TRANSACTION\n');
    // A pending promise alone keeps no process alive (SQLite's calls leave no open handle, unlike a
    // PostgreSQL socket): the timer holds it open until the kill, so it cannot exit on its own first.
    setInterval(() => undefined, 60_000);
    return new Promise<void>(() => {});
  },
});
