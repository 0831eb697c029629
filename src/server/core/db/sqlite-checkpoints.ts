/**
 * WAL checkpoints of a SQLite file, off the event loop. The connection's own automatic checkpoint
 * copies the whole WAL into the database file inside the commit that crosses its threshold: after
 * a big batch a synchronous block of a few hundred ms on the thread that serves requests. The
 * connection therefore checkpoints never, and a worker thread with a connection of its own runs a
 * PASSIVE checkpoint every CHECKPOINT_EVERY_MS — one that neither waits for nor blocks the writer
 * and readers; SQLite keeps the two connections consistent (docs/architecture.md#data-flow).
 *
 * The WAL starts again from its beginning only when a write finds every frame of it copied, and
 * under steady writes (an import, a flood of pushes) the worker's copy never quite catches up with
 * the writer: the file would grow without end. So when the worker finds a WAL longer than
 * RESTART_FRAMES that it has copied up to its last frames, it sets a flag, and the writer's own
 * connection runs a PASSIVE checkpoint at its next tick between two transactions: it copies only the frames written since the
 * worker's (a few), and the next write starts the WAL afresh; `journal_size_limit` then cuts the
 * file back.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_EVERY_MS = 1000;
/** A WAL this long (frames of one page, 4 KiB by default) that the worker has copied is restarted. */
const RESTART_FRAMES = 4096;
/** The size a restarted WAL file is cut back to. */
const WAL_LIMIT_BYTES = 64 * 1024 * 1024;

/** The worker's code: plain JavaScript, so it runs whatever loads the server. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const restart = new Int32Array(workerData.restart);
const timer = setInterval(() => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    // A long WAL copied up to the frames written meanwhile: the writer may start it again.
    const frames = workerData.restartFrames;
    if (result && result.log >= frames && result.checkpointed >= result.log - frames / 4) Atomics.store(restart, 0, 1);
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

/** Starts checkpointing the file of `database` (already in WAL mode); returns how to stop. */
export function startCheckpoints(
  database: BetterSqlite3.Database,
  file: string,
  options: { everyMs?: number; restartFrames?: number } = {},
): { stop(): void } {
  const restartFrames = options.restartFrames ?? RESTART_FRAMES;
  const everyMs = options.everyMs ?? CHECKPOINT_EVERY_MS;
  database.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
  // Set by the worker, read by the writer's timer: a shared flag, since a listener for the
  // worker's messages would keep the process alive.
  const restart = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file,
      driver: require.resolve('better-sqlite3'),
      everyMs,
      restartFrames,
      restart: restart.buffer,
    },
  });
  // A checkpoint is housekeeping: it never keeps the process alive, and its failure is no outage.
  worker.unref();
  worker.on('error', () => undefined);
  const timer = setInterval(() => {
    if (Atomics.load(restart, 0) === 0 || !database.open || database.inTransaction) return;
    Atomics.store(restart, 0, 0);
    try {
      // Copies only the frames written since the worker's checkpoint; the next write restarts the WAL.
      database.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Retried after the worker's next report.
    }
  }, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      worker.postMessage('stop');
    },
  };
}
