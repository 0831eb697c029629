/**
 * The odds engine as the app uses it: the ingest pipeline followed by a snapshot rebuild,
 * and the read snapshot itself. One instance per process, created by odds.plugin.ts.
 */
import type { IngestRunDto, IngestSource } from '@shared/contract/ingest';
import type { Db } from '../../core/db/connect';
import { ingestBatch, type PricesCommitted } from './ingest/ingest-pipeline';
import { pruneBefore, readOddsVersion } from './odds.repository';
import { OddsDetails } from './snapshot/odds-details';
import { OddsSnapshot } from './snapshot/odds-snapshot';

interface OddsServiceOptions {
  now: () => number;
  movementWindowMs?: number;
  matchToleranceMs?: number;
  onError?: (error: unknown) => void;
}

export class OddsService {
  readonly snapshot: OddsSnapshot;
  /** The match page's and the dropping-odds list's answers, cached per snapshot generation. */
  readonly details: OddsDetails;
  private readonly priceListeners: PricesCommitted[] = [];

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
      },
    });
    this.details = new OddsDetails(db, this.snapshot, {
      now: options.now,
      movementWindowMs: options.movementWindowMs,
    });
  }

  /** Runs one batch through the pipeline, then rebuilds the snapshot; throws BatchRejectedError when rejected. */
  async ingest(batch: unknown, source: IngestSource): Promise<IngestRunDto> {
    const run = await this.apply(batch, source);
    await this.snapshot.rebuild();
    return run;
  }

  /** Several batches (each its own transaction), one snapshot rebuild at the end. */
  async ingestAll(batches: readonly unknown[], source: IngestSource): Promise<IngestRunDto[]> {
    const runs: IngestRunDto[] = [];
    try {
      for (const batch of batches) runs.push(await this.apply(batch, source));
    } finally {
      if (runs.length > 0) await this.snapshot.rebuild();
    }
    return runs;
  }

  /** Rebuilds when another process moved the odds version; true when it did. */
  async refreshIfChanged(): Promise<boolean> {
    const version = await readOddsVersion(this.db);
    if (version === this.snapshot.version) return false;
    await this.snapshot.rebuild();
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
   * Calls `listener` with the changed prices of every batch this process commits, right after
   * the commit (docs/architecture.md §12). A listener must not throw; it runs synchronously.
   */
  onPricesCommitted(listener: PricesCommitted): void {
    this.priceListeners.push(listener);
  }

  /** What the pipeline calls after a commit: every listener, each guarded. */
  readonly pricesCommitted: PricesCommitted = (prices, committedAt) => {
    for (const listener of this.priceListeners) {
      try {
        listener(prices, committedAt);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  };

  close(): void {
    this.snapshot.close();
  }

  private apply(batch: unknown, source: IngestSource): Promise<IngestRunDto> {
    return ingestBatch(this.db, batch, {
      source,
      now: this.options.now,
      matchToleranceMs: this.options.matchToleranceMs,
      afterCommit: this.pricesCommitted,
    });
  }
}
