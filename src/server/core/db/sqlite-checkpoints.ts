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
 * the writer: the file would grow without end. So the writer's connection looks at the WAL index
 * every tick, between two of its transactions, and when the WAL is longer than RESTART_FRAMES and
 * all but at most CATCH_UP_FRAMES of it is copied, runs a PASSIVE checkpoint of its own: it copies
 * those few frames (a millisecond or two), and its next write starts the WAL afresh. The WAL file
 * keeps the largest size it reached (cutting it back would cost the writer a truncation).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SQLITE_DRIVER } from './sqlite-driver';

const CHECKPOINT_EVERY_MS = 1000;
/** A WAL this long (frames of one page, 4 KiB by default) that the worker has copied is restarted. */
const RESTART_FRAMES = 4096;
/** At most this many frames left to copy: the writer's own checkpoint is short. */
const CATCH_UP_FRAMES = 256;

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

/**
 * The WAL's length and how much of it is copied, in frames, from the header of the WAL index (the
 * `-shm` file; its layout is SQLite's documented WAL-index format, version 3007000, in the host's
 * byte order). Undefined when it cannot be read or has another layout.
 */
export function walProgress(file: string): { frames: number; copied: number } | undefined {
  const header = Buffer.alloc(100);
  let fd: number | undefined;
  try {
    fd = openSync(`${file}-shm`, 'r');
    if (readSync(fd, header, 0, header.length, 0) < header.length) return undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const u32 = (at: number) => (endianness() === 'LE' ? header.readUInt32LE(at) : header.readUInt32BE(at));
  if (u32(0) !== 3007000) return undefined;
  // mxFrame of the first header copy; nBackfill of the checkpoint information after the two copies.
  return { frames: u32(16), copied: u32(96) };
}

/** Starts checkpointing the file of `database` (already in WAL mode); returns how to stop. */
export function startCheckpoints(
  database: BetterSqlite3.Database,
  file: string,
  options: { everyMs?: number; restartFrames?: number } = {},
): { stop(): void } {
  const restartFrames = options.restartFrames ?? RESTART_FRAMES;
  const everyMs = options.everyMs ?? CHECKPOINT_EVERY_MS;
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver: require.resolve(SQLITE_DRIVER), everyMs },
  });
  // A checkpoint is housekeeping: it never keeps the process alive, and its failure is no outage.
  worker.unref();
  worker.on('error', () => undefined);
  const timer = setInterval(() => {
    if (!database.open || database.inTransaction) return;
    const wal = walProgress(file);
    if (!wal || wal.frames < restartFrames || wal.frames - wal.copied > CATCH_UP_FRAMES) return;
    try {
      database.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Tried again at the next tick.
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
