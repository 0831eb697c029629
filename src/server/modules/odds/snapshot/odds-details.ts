/**
 * The match page's and the dropping-odds list's answers: an event with
 * every market and its openings, one market's price history, and a country's biggest drops
 * over the last 1, 6 or 24 hours. Unlike the lists they read the database, so each answer is
 * computed once per snapshot generation (a rebuild follows every committed batch) on first
 * request, serialized with a strong ETag like the lists, and handed out from memory until the
 * next rebuild. Concurrent first requests share one computation. Drops also age with the
 * clock alone, so a drops answer is recomputed after DROPS_MAX_AGE_MS even without a batch.
 *
 * Drops read no history per answer: each listed price's window marks (price-windows.ts) are
 * loaded once per listed event and then brought up to date with the rows of each new batch
 * (`syncWindows`, after every rebuild and before every drops answer), so an answer walks the
 * snapshot's listed events and a few marks per price.
 */
import type { DropWindowH, OddsEventDto } from '@shared/contract/odds';
import { COUNTRIES } from '@shared/lookups';
import type { Db } from '../../../core/db/connect';
import { findEventsByIds } from '../events.repository';
import { findHistoryAfter, findHistoryFrom, findMarketHistory, findOpenings } from '../history.repository';
import { findEventPrices } from '../prices.repository';
import { chunksInTurns } from '../sql-chunks';
import { readOddsVersion } from '../versions.repository';
import { DEFAULT_MOVEMENT_WINDOW_MS, singleEventView } from './odds-view';
import type { OddsSnapshot } from './odds-snapshot';
import { type SnapshotEntry, snapshotEntry } from './snapshot-entry';
import { type DropCandidate, dropsOf, historySeries, openingsOf } from './price-history-view';
import { LONGEST_WINDOW_MS, PriceWindows } from './price-windows';

/** How long a drops answer may serve without a rebuild (its window moves with the clock). */
export const DROPS_MAX_AGE_MS = 60_000;
/** How far the windows' horizon moves between two trims of their marks. */
const TRIM_EVERY_MS = 10 * 60_000;
/** Answers kept per generation; past it the oldest go first. */
const MAX_CACHED = 2000;
/** History rows applied to the windows between two looks at the clock. */
const APPLY_ROWS = 2000;
/** Events whose history is read and loaded into the windows at a time. */
const LOAD_EVENTS = 50;
/** Events whose marks are trimmed between two looks at the clock (10,000 took about 20 ms at once). */
const TRIM_EVENTS = 1000;

interface OddsDetailsOptions {
  now: () => number;
  movementWindowMs?: number;
}

interface Cached {
  answer: Promise<SnapshotEntry | null>;
  expiresAt: number;
}

export class OddsDetails {
  private generation = -1;
  private readonly cache = new Map<string, Cached>();
  private readonly windows = new PriceWindows();
  /** Odds version whose history rows the windows hold (-1: not started). */
  private windowsVersion = -1;
  /** The horizon of the last trim of the windows. */
  private trimmedAt = -Infinity;
  /** The snapshot's listed revision the windows' events were last compared with. */
  private listedRevision = -1;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;

  constructor(
    private readonly db: Db,
    private readonly snapshot: OddsSnapshot,
    private readonly options: OddsDetailsOptions,
  ) {}

  /** `{event, opening}`, or null when the event is not (or no longer) stored. */
  event(eventId: string): Promise<SnapshotEntry | null> {
    return this.cached(`event|${eventId}`, Infinity, async () => {
      const event = this.snapshot.event(eventId) ?? (await this.storedMatch(eventId));
      if (!event) return null;
      return snapshotEntry({ event, opening: openingsOf(await findOpenings(this.db, eventId)) });
    });
  }

  /** `{series}` of one market, or null when the event is not stored. */
  history(eventId: string, marketId: number): Promise<SnapshotEntry | null> {
    return this.cached(`history|${eventId}|${marketId}`, Infinity, async () => {
      if (!this.snapshot.event(eventId) && !(await this.exists(eventId))) return null;
      return snapshotEntry({ series: historySeries(await findMarketHistory(this.db, eventId, marketId)) });
    });
  }

  /** `{drops}` of a country's listed matches over the last `hours`. */
  async drops(countryId: number, hours: DropWindowH): Promise<SnapshotEntry> {
    const now = this.options.now();
    const entry = await this.cached(`drops|${countryId}|${hours}`, now + DROPS_MAX_AGE_MS, async () => {
      await this.syncWindows();
      const since = now - hours * 3600_000;
      const candidates: DropCandidate[] = [];
      for (const event of this.snapshot.countryEvents(countryId) ?? []) {
        if (Date.parse(event.date) <= now) continue;
        for (const p of this.windows.droppedSince(event.id, since)) {
          candidates.push({
            eventId: event.id,
            name: event.name,
            date: event.date,
            competitionId: event.competitionId,
            marketId: p.marketId,
            providerId: p.providerId,
            selectionId: p.selectionId,
            value: p.value,
            changedAt: p.changedAt,
            windowHigh: p.windowHigh,
            startValue: p.startValue,
          });
        }
      }
      return snapshotEntry({ drops: dropsOf(candidates) });
    });
    return entry as SnapshotEntry;
  }

  /**
   * Brings the drops windows up to date with the database: the rows of batches committed
   * since the last sync, the history of listed events not yet known (all of them the first
   * time; later one that returns after a postponement), and forgets what no window can use.
   * Calls coalesce: one runs, and one more follows it when asked for meanwhile.
   */
  syncWindows(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    const run = async () => {
      do {
        this.syncAgain = false;
        await this.syncOnce();
      } while (this.syncAgain);
    };
    this.syncing = run().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    // An hour to spare: a drops answer's window may start a little before this sync's clock.
    const horizon = this.options.now() - LONGEST_WINDOW_MS - 3600_000;
    if (this.windowsVersion < 0) {
      // Read before any history: rows committed meanwhile come again with the next sync and are skipped then.
      this.windowsVersion = await readOddsVersion(this.db);
    } else {
      const rows = await findHistoryAfter(this.db, this.windowsVersion);
      // A big batch's rows (tens of thousands) go in parts, the event loop getting turns between them.
      for await (const part of chunksInTurns(rows, APPLY_ROWS)) this.windows.apply(part);
      for (const row of rows) if (row.version > this.windowsVersion) this.windowsVersion = row.version;
    }
    // The listed events are compared with the known ones only when some joined or left the lists.
    const revision = this.snapshot.listedRevision;
    if (revision !== this.listedRevision) {
      const listed = new Set<string>();
      for (const country of COUNTRIES) for (const e of this.snapshot.countryEvents(country.id) ?? []) listed.add(e.id);
      this.windows.forgetExcept((id) => listed.has(id));
      const missing = [...listed].filter((id) => !this.windows.knows(id));
      // A few events at a time: an event's history is dozens of rows, and SQLite reads them synchronously.
      for await (const part of chunksInTurns(missing, LOAD_EVENTS)) {
        this.windows.load(part, await findHistoryFrom(this.db, part, horizon));
      }
      this.listedRevision = revision;
    }
    // Trimming walks every mark: once every TRIM_EVERY_MS of horizon, not after every batch. Marks
    // kept a little longer change no answer (a window never starts before the horizon).
    if (horizon - this.trimmedAt >= TRIM_EVERY_MS) {
      for await (const part of chunksInTurns(this.windows.known(), TRIM_EVENTS)) this.windows.trim(horizon, part);
      this.trimmedAt = horizon;
    }
  }

  private async exists(eventId: string): Promise<boolean> {
    return (await findEventsByIds(this.db, [eventId])).length > 0;
  }

  /**
   * A stored match that the lists do not show (kicked off, postponed, not priced yet) with its
   * current prices, in the lists' shape; null when it is not stored.
   */
  async storedMatch(eventId: string): Promise<OddsEventDto | null> {
    const [row] = await findEventsByIds(this.db, [eventId]);
    if (!row) return null;
    const prices = await findEventPrices(this.db, eventId);
    const event = {
      id: row.id,
      home: row.home,
      away: row.away,
      kickoffAt: Number(row.kickoff_at),
      competitionId: Number(row.competition_id),
    };
    return singleEventView(
      event,
      prices,
      this.options.now(),
      this.options.movementWindowMs ?? DEFAULT_MOVEMENT_WINDOW_MS,
    );
  }

  private cached(
    key: string,
    expiresAt: number,
    compute: () => Promise<SnapshotEntry | null>,
  ): Promise<SnapshotEntry | null> {
    if (this.generation !== this.snapshot.generation) {
      this.generation = this.snapshot.generation;
      this.cache.clear();
    }
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > this.options.now()) return hit.answer;
    if (hit) this.cache.delete(key);
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    const answer = compute();
    const generation = this.generation;
    this.cache.set(key, { answer, expiresAt });
    // A failed computation is not remembered: the next request tries again.
    answer.catch(() => {
      if (this.generation === generation && this.cache.get(key)?.answer === answer) this.cache.delete(key);
    });
    return answer;
  }
}
