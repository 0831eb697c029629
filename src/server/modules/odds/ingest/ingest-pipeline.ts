/**
 * The one ingest pipeline every source goes through — the demo simulator,
 * the file import and the push endpoint:
 *
 *   validate → (one transaction: take the version lock → match events across providers →
 *   diff against current prices, and withdraw every price a whole read of a league no longer
 *   lists — a match, a market or a selection the book dropped → write changes and history, mark
 *   the events whose rows or prices the batch changed with its version, record when the book read
 *   each league → record the run) → commit.
 *
 * A batch that fails validation or matching is rejected whole: nothing of it is written and
 * a `rejected` run records why. The caller rebuilds the read snapshot after a commit.
 */
import type { IngestRunDto, IngestSource } from '@shared/contract/ingest';
import type { FieldError } from '@shared/errors';
import { type Db, withFlushAside } from '../../../core/db/connect';
import { type FeedBatch } from '@shared/contract/ingest';
import { InvalidBatchError, validateBatchInSlices } from '../feed/feed-validation';
import { type IngestRunRow, insertIngestRun } from '../ingest-runs.repository';
import { DEFAULT_MATCH_TOLERANCE_MS } from '../matching/event-matcher';
import type { CurrentPrice, WrittenPrices } from '../current-price';
import { markEventsChanged } from '../events.repository';
import { insertHistory } from '../history.repository';
import { findLeaguePrices, findProviderPrices, upsertPrices } from '../prices.repository';
import { bumpOddsVersion, touchBookReads, touchCountryUpdate } from '../versions.repository';
import { runDto } from './ingest-run';
import { resolveEvents } from './event-resolution';
import { type ListedMarket, diffPrices, priceKey } from './price-diff';
import { newId } from '../../../core/ids';
import { Slicer } from '../../../core/event-loop';

interface IngestOptions {
  source: IngestSource;
  now: () => number;
  matchToleranceMs?: number;
  /** Runs inside the transaction just before commit (tests use it to crash mid-batch). */
  beforeCommit?: () => Promise<void>;
  /**
   * Competitions the batch reads whole (the collector's read of one league): the provider's
   * prices of upcoming matches of these leagues in the batch's country that the batch does not
   * list — per match, market and selection — are withdrawn by it.
   */
  leagues?: readonly number[];
  /**
   * With `leagues`: the `externalId`s of listed events whose per-event markets this read does
   * not hold because the book's per-event call was not made this poll or failed
   *. Their markets missing from the batch stay as they are;
   * the markets the batch lists are diffed as usual.
   */
  eventsWithoutDetail?: readonly string[];
  /**
   * Told, inside the transaction, every current price the batch wrote and the odds version it
   * wrote them under; the caller may use them once the batch committed (the read snapshot then
   * takes them in instead of reading them back).
   */
  onWritten?: (written: WrittenPrices) => void;
}

export class BatchRejectedError extends InvalidBatchError {
  constructor(
    details: FieldError[],
    readonly run: IngestRunDto,
  ) {
    super(details);
    this.name = 'BatchRejectedError';
  }
}

/** A price the read no longer lists: withdrawn (value null), keeping its last real price. */
function withdrawal(before: CurrentPrice, changedAt: number): CurrentPrice {
  // Every field written out, in CurrentPrice's order (see price-diff.ts).
  return {
    eventId: before.eventId,
    marketId: before.marketId,
    providerId: before.providerId,
    selectionId: before.selectionId,
    value: null,
    previousValue: before.value ?? before.previousValue,
    changedAt: Math.max(changedAt, before.changedAt),
    boosted: false,
    regularValue: null,
    ref: null,
  };
}

const newRunId = () => newId('run');

function emptyRun(id: string, source: IngestSource, startedAt: number, input: unknown): IngestRunRow {
  const batch = (input && typeof input === 'object' ? input : {}) as Partial<Record<keyof FeedBatch, unknown>>;
  const fetchedAt = typeof batch.fetchedAt === 'string' ? Date.parse(batch.fetchedAt) : NaN;
  return {
    id,
    version: null,
    source,
    provider_id: typeof batch.provider === 'number' && Number.isInteger(batch.provider) ? batch.provider : null,
    country_id: typeof batch.country === 'number' && Number.isInteger(batch.country) ? batch.country : null,
    fetched_at: Number.isFinite(fetchedAt) ? fetchedAt : null,
    started_at: startedAt,
    finished_at: startedAt,
    status: 'rejected',
    events_seen: Array.isArray(batch.events) ? batch.events.length : 0,
    events_created: 0,
    prices_seen: 0,
    prices_changed: 0,
    prices_withdrawn: 0,
    error: null,
  };
}

async function recordFailure(db: Db, run: IngestRunRow, status: 'rejected' | 'failed', error: string, now: number) {
  const row: IngestRunRow = { ...run, status, error: error.slice(0, 2000), finished_at: now, version: null };
  try {
    await insertIngestRun(db, row);
  } catch {
    // The failure itself is what the caller reports; a lost run record must not mask it.
  }
  return row;
}

/** Validates and applies one batch; resolves with the applied run or throws BatchRejectedError. */
export async function ingestBatch(db: Db, input: unknown, options: IngestOptions): Promise<IngestRunDto> {
  const startedAt = options.now();
  const run = emptyRun(newRunId(), options.source, startedAt, input);
  // A big batch is worked through in slices that hand the event loop back (core/event-loop.ts).
  const slicer = new Slicer();
  let batch: FeedBatch;
  try {
    batch = await validateBatchInSlices(input, slicer);
  } catch (error) {
    if (!(error instanceof InvalidBatchError)) throw error;
    const row = await recordFailure(db, run, 'rejected', error.message, options.now());
    throw new BatchRejectedError(error.details, runDto(row));
  }
  try {
    // On SQLite the commit's flush to disk waits in the thread pool, not on the event loop.
    const row = await withFlushAside(db, (connection) =>
      connection.transaction().execute(async (trx) => {
        const now = options.now();
        const version = await bumpOddsVersion(trx, now);
        const resolved = await resolveEvents(trx, batch, {
          now,
          source: options.source === 'demo' ? 'demo' : 'live',
          toleranceMs: options.matchToleranceMs ?? DEFAULT_MATCH_TOLERANCE_MS,
          slicer,
        });
        const placedIds = resolved.eventIds.filter((id): id is string => id !== null);
        const current = new Map<string, CurrentPrice>();
        for (const p of await findProviderPrices(trx, batch.provider, [...placedIds, ...resolved.leftEvents])) {
          current.set(priceKey(p.eventId, p.marketId, p.providerId, p.selectionId), p);
          if (slicer.due) await slicer.pause();
        }
        const listed: ListedMarket[] = batch.events.flatMap((event, i) => {
          const eventId = resolved.eventIds[i];
          // A listing left out as ambiguous prices nothing.
          return eventId ? event.markets.map((m) => ({ eventId, marketId: m.market, prices: m.prices })) : [];
        });
        // A listing that moved to another event takes its provider's prices off the event it left.
        for (const eventId of resolved.leftEvents) {
          const markets = new Set([...current.values()].filter((p) => p.eventId === eventId).map((p) => p.marketId));
          for (const marketId of markets) listed.push({ eventId, marketId, prices: [] });
          if (slicer.due) await slicer.pause();
        }
        const changedAt = Math.min(Date.parse(batch.fetchedAt), now);
        const changes = await diffPrices(current, listed, batch.provider, changedAt, slicer);
        const leagues = options.leagues ?? [];
        if (leagues.length > 0) {
          // The diff above settled every market the batch lists; what is left unlisted is withdrawn.
          const listedMarkets = new Set(listed.map((m) => `${m.eventId}|${m.marketId}`));
          const notRead = new Set(options.eventsWithoutDetail ?? []);
          const partlyRead = new Set(
            batch.events.flatMap((event, i) => {
              const eventId = resolved.eventIds[i];
              return eventId && notRead.has(event.externalId) ? [eventId] : [];
            }),
          );
          for (const before of await findLeaguePrices(trx, batch.provider, batch.country, leagues, now)) {
            if (listedMarkets.has(`${before.eventId}|${before.marketId}`) || partlyRead.has(before.eventId)) continue;
            changes.push({ recorded: true, next: withdrawal(before, changedAt) });
            if (slicer.due) await slicer.pause();
          }
        }
        const next = changes.map((c) => c.next);
        await upsertPrices(trx, next);
        options.onWritten?.({ version, prices: next, events: resolved.rowsWritten });
        await insertHistory(
          trx,
          run.id,
          version,
          changes.filter((c) => c.recorded).map((c) => c.next),
        );
        if (listed.length > 0) await touchCountryUpdate(trx, batch.country, changedAt);
        await touchBookReads(
          trx,
          batch.provider,
          batch.country,
          [...leagues, ...batch.events.map((e) => e.competition)],
          changedAt,
        );
        await markEventsChanged(trx, [...resolved.rowsWritten, ...next.map((p) => p.eventId)], version);
        const applied: IngestRunRow = {
          ...run,
          version,
          status: 'applied',
          fetched_at: Date.parse(batch.fetchedAt),
          events_created: resolved.created,
          prices_seen: listed.reduce((n, m) => n + m.prices.length, 0),
          prices_changed: next.filter((p) => p.value !== null).length,
          prices_withdrawn: next.filter((p) => p.value === null).length,
          finished_at: options.now(),
        };
        await insertIngestRun(trx, applied);
        await options.beforeCommit?.();
        // The commit (on SQLite synchronous, writing the batch's last pages) starts a slice of its own.
        await slicer.pause();
        return applied;
      }),
    );
    return runDto(row);
  } catch (error) {
    if (error instanceof InvalidBatchError) {
      const row = await recordFailure(db, run, 'rejected', error.message, options.now());
      throw new BatchRejectedError(error.details, runDto(row));
    }
    await recordFailure(db, run, 'failed', error instanceof Error ? error.message : String(error), options.now());
    throw error;
  }
}
