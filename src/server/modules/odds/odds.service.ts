/**
 * The odds engine as the app uses it: the ingest pipeline followed by a snapshot rebuild,
 * and the read snapshot itself. One instance per process, created by odds.plugin.ts (the
 * collector, import and replay scripts make one without the read side).
 *
 * It is the one way odds get written: the demo feed, pushes, imports, the collector's reads,
 * replays and the collector's withdrawals all go through `ingest`, `ingestAll` or `withdraw`.
 *
 * Batches of this process go through the pipeline one at a time, in the order they came (a
 * queue: none is dropped, none waits on a lock held by a sibling of its own process). After every
 * rebuild the service reads the price history of the batches committed since it last looked, by
 * odds version, whichever process committed them, and tells its listeners (the alerts) each
 * batch's changed prices in commit order.
 */
import type { IngestRunDto, IngestSource } from '@shared/contract/ingest';
import type { OddsEventDto } from '@shared/contract/odds';
import type { Db } from '../../core/db/connect';
import { nextTurn } from '../../core/event-loop';
import type { WrittenPrices } from './current-price';
import { ingestBatch } from './ingest/ingest-pipeline';
import { withdrawProviderPrices } from './ingest/withdrawal';
import { pruneBefore } from './events.repository';
import { type HistoryRow, findHistoryAfter } from './history.repository';
import { findCommitTimes, readOddsVersion } from './versions.repository';
import { OddsDetails } from './snapshot/odds-details';
import { OddsSnapshot } from './snapshot/odds-snapshot';

/** A committed batch as the listeners hear of it: its changed prices (withdrawals have `value` null). */
export interface CommittedBatch {
  version: number;
  committedAt: number;
  prices: readonly HistoryRow[];
}
type BatchCommitted = (batch: CommittedBatch) => void;

/**
 * How a collector's read is applied: the leagues it reads whole, the events whose per-event
 * markets it did not read this poll, its matching tolerance.
 */
interface LeagueRead {
  leagues?: readonly number[];
  eventsWithoutDetail?: readonly string[];
  matchToleranceMs?: number;
}

interface OddsServiceOptions {
  now: () => number;
  /**
   * false: a process that only writes odds (the standalone collector, imports, replays): no snapshot is
   * rebuilt after a batch and no listener is told; the API processes pick the batches up by the odds version.
   */
  readSide?: boolean;
  movementWindowMs?: number;
  matchToleranceMs?: number;
  onError?: (error: unknown) => void;
}

export class OddsService {
  readonly snapshot: OddsSnapshot;
  /** The match page's and the dropping-odds list's answers, cached per snapshot generation. */
  readonly details: OddsDetails;
  private readonly batchListeners: BatchCommitted[] = [];
  /** The tail of this process's ingest queue. */
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  /** Odds version whose batches the listeners were told (-1: not started). */
  private followed = -1;
  private following: Promise<void> | null = null;
  private followAgain = false;

  constructor(
    readonly db: Db,
    private readonly options: OddsServiceOptions,
  ) {
    this.snapshot = new OddsSnapshot(db, {
      now: options.now,
      movementWindowMs: options.movementWindowMs,
      onError: options.onError,
      onRebuilt: () => {
        this.details.syncWindows().catch((error: unknown) => options.onError?.(error));
        this.follow().catch((error: unknown) => options.onError?.(error));
      },
    });
    this.details = new OddsDetails(db, this.snapshot, {
      now: options.now,
      movementWindowMs: options.movementWindowMs,
    });
  }

  /**
   * Runs one batch through the pipeline (queued behind this process's earlier batches), then
   * rebuilds the snapshot; throws BatchRejectedError when rejected. `read.leagues`: competitions
   * the batch reads whole (the collector's read of a league), whose unlisted prices it withdraws
   * (but for the per-event markets of `read.eventsWithoutDetail`, not read this poll);
   * `read.matchToleranceMs`: the kick-off tolerance of the collector's cross-book matching.
   */
  async ingest(batch: unknown, source: IngestSource, read: LeagueRead = {}): Promise<IngestRunDto> {
    const run = await this.apply(batch, source, read);
    // The listeners (alerts) have heard of this batch when the caller hears it committed.
    await this.afterCommit();
    return run;
  }

  /**
   * Withdraws one book's prices of one competition's upcoming matches (the collector's stale league),
   * queued like a batch; resolves with how many prices were withdrawn.
   */
  async withdraw(provider: number, competition: number, reason: string): Promise<number> {
    const now = this.options.now();
    const withdrawn = await this.queued(() => withdrawProviderPrices(this.db, { provider, competition, now, reason }));
    if (withdrawn > 0) await this.afterCommit();
    return withdrawn;
  }

  /**
   * A match with its current prices, every market, as an object: the listed one as the odds lists
   * show it, else (kicked off, postponed, not priced yet) as stored; null when it is not stored.
   */
  async match(eventId: string): Promise<OddsEventDto | null> {
    return this.snapshot.event(eventId) ?? (await this.details.storedMatch(eventId));
  }

  /** Batches waiting in this process's ingest queue, the running one included. */
  get pendingIngests(): number {
    return this.waiting;
  }

  /** Several batches (each its own transaction), one snapshot rebuild at the end. */
  async ingestAll(batches: readonly unknown[], source: IngestSource): Promise<IngestRunDto[]> {
    const runs: IngestRunDto[] = [];
    try {
      for (const batch of batches) runs.push(await this.apply(batch, source));
    } finally {
      if (runs.length > 0) await this.afterCommit();
    }
    return runs;
  }

  /** Rebuilds when another process moved the odds version; true when it did. */
  async refreshIfChanged(): Promise<boolean> {
    const version = await readOddsVersion(this.db);
    if (version === this.snapshot.version) return false;
    await this.snapshot.rebuild();
    await this.follow();
    return true;
  }

  /**
   * Drops matches that kicked off more than `retentionMs` ago, with their prices and their
   * whole price history (which therefore lives exactly as long as the match), and old runs.
   */
  prune(retentionMs: number): Promise<{ events: number; runs: number }> {
    return pruneBefore(this.db, this.options.now() - retentionMs);
  }

  /**
   * Calls `listener` with the changed prices of every batch committed after this process's first
   * snapshot, by whichever process, once each, in commit order. A
   * listener must not throw; it runs synchronously.
   */
  onBatchCommitted(listener: BatchCommitted): void {
    this.batchListeners.push(listener);
  }

  /** Resolves when the listeners were told every batch committed up to now. */
  async caughtUp(): Promise<void> {
    await this.follow();
  }

  /** Reads the history of batches committed since the last look and tells the listeners. Calls coalesce. */
  private follow(): Promise<void> {
    if (this.following) {
      this.followAgain = true;
      return this.following;
    }
    const run = async () => {
      do {
        this.followAgain = false;
        await this.followOnce();
      } while (this.followAgain);
    };
    this.following = run().finally(() => {
      this.following = null;
    });
    return this.following;
  }

  private async followOnce(): Promise<void> {
    if (this.followed < 0) {
      // Starts from the first snapshot: batches committed before this process started are not news.
      if (this.snapshot.version >= 0) this.followed = this.snapshot.version;
      return;
    }
    const upTo = await readOddsVersion(this.db);
    if (upTo <= this.followed) return;
    const rows = await findHistoryAfter(this.db, this.followed, upTo);
    const times = await findCommitTimes(this.db, this.followed, upTo);
    this.followed = upTo;
    const byVersion = new Map<number, HistoryRow[]>();
    for (const row of rows) {
      const list = byVersion.get(row.version) ?? [];
      list.push(row);
      byVersion.set(row.version, list);
    }
    for (const [version, prices] of [...byVersion].sort((a, b) => a[0] - b[0])) {
      const batch = { version, committedAt: times.get(version) ?? this.options.now(), prices };
      for (const listener of this.batchListeners) {
        try {
          listener(batch);
        } catch (error) {
          this.options.onError?.(error);
        }
      }
    }
  }

  close(): void {
    this.snapshot.close();
  }

  /** The read side catches up with a commit: a snapshot rebuild, then the listeners. */
  private async afterCommit(): Promise<void> {
    if (this.options.readSide === false) return;
    // The commit held the event loop last: requests waiting meanwhile go first.
    await nextTurn();
    await this.snapshot.rebuild();
    await this.follow();
  }

  /** One batch through the pipeline, after every batch this process queued before it. */
  private apply(batch: unknown, source: IngestSource, read: LeagueRead = {}): Promise<IngestRunDto> {
    return this.queued(async () => {
      let written: WrittenPrices | undefined;
      const run = await ingestBatch(this.db, batch, {
        source,
        now: this.options.now,
        matchToleranceMs: read.matchToleranceMs ?? this.options.matchToleranceMs,
        leagues: read.leagues,
        eventsWithoutDetail: read.eventsWithoutDetail,
        onWritten: (w) => (written = w),
      });
      // Committed: the snapshot's next rebuild takes these prices in without reading them back.
      if (written && this.options.readSide !== false) this.snapshot.written(written);
      return run;
    });
  }

  /** Runs `work` after everything this process queued before it. */
  private queued<T>(work: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const run = this.queue.then(work, work).finally(() => {
      this.waiting -= 1;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
