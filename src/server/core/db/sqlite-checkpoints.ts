/**
 * WAL checkpoints of a SQLite file, off the event loop. The connection's own automatic checkpoint
 * copies the whole WAL into the database file inside the commit that crosses its threshold: after
 * a big batch a synchronous block of a few hundred ms on the thread that serves requests. The
 * connection therefore checkpoints never, and a worker thread with a connection of its own runs a
 * PASSIVE checkpoint every CHECKPOINT_EVERY_MS — one that neither waits for nor blocks the writer
 * and readers; SQLite keeps the two connections consistent (docs/architecture.md#data-flow).
 */
import { Worker } from 'node:worker_threads';

const CHECKPOINT_EVERY_MS = 1000;

/** The worker's code: plain JavaScript, so it runs whatever loads the server. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A checkpoint that fails now is retried at the next tick.
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Starts checkpointing `file` (already in WAL mode); returns how to stop. */
export function startCheckpoints(file: string): { stop(): void } {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver: require.resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
  });
  // A checkpoint is housekeeping: it never keeps the process alive, and its failure is no outage.
  worker.unref();
  worker.on('error', () => undefined);
  return {
    stop: () => worker.postMessage('stop'),
  };
}
