/**
 * The read side of the odds API: every answer of GET /api/odds (per
 * country, competition and market), /api/odds/summary and /api/odds/sample is serialized once per
 * rebuild with a strong ETag, so a request costs a map lookup (snapshot-entry.ts: compression
 * happens in the thread pool, never on a request).
 *
 * Rebuilds are incremental: their cost follows what changed, not what is stored. The first build loads
 * every upcoming scheduled event and its prices; later ones read only the events that batches after the
 * snapshot's odds version changed (`events.odds_version`), with the prices of the books those
 * batches came from, and compute again only the views of the events whose prices or details moved, whose
 * movement flag aged out, whose book's league turned stale or fresh again (FRESH_PRICE_MS), or that kicked
 * off. Their new views take their places in their countries' ordered listings, and only the answers whose
 * events' JSON moved are made again (snapshot-answers.ts), in slices handing the event loop back (core).
 *
 * Rebuilds happen after each ingest commit (`rebuild()`), when the odds version in the database
 * moves (another process ingested; see odds.plugin.ts), and at the next moment the view changes by
 * time alone. Concurrent rebuild requests coalesce: at most one runs, and at most one more follows.
 */
import type { OddsEventDto } from '@shared/contract/odds';
import type { Db } from '../../../core/db/connect';
import { Slicer } from '../../../core/event-loop';
import {
  type SnapshotEventRow,
  findEventsChangedAfter,
  findSnapshotEventsByIds,
  findUpcomingEvents,
} from '../events.repository';
import type { CurrentPrice, WrittenPrices } from '../current-price';
import { findPricesOf } from '../prices.repository';
import { findBookReads, findCountryUpdates, findProvidersAfter, readOddsVersion } from '../versions.repository';
import { DEFAULT_MOVEMENT_WINDOW_MS, eventView } from './odds-view';
import { SnapshotAnswers, listKeyText } from './snapshot-answers';
import { type SnapshotEntry, compressEntry } from './snapshot-entry';
import {
  type StoredEvent,
  byEventOf,
  flippedReads,
  mergeRow,
  mergeWritten,
  nextFlip,
  readsBy,
  staleBooks,
  storedEvent,
} from './stored-event';

interface OddsSnapshotOptions {
  now: () => number;
  movementWindowMs?: number;
  /** Upper bound between time-driven rebuilds, so nothing stays stale longer than this. */
  maxAgeMs?: number;
  onError?: (error: unknown) => void;
  /** Called after every successful rebuild (the drops windows and alerts catch up then). */
  onRebuilt?: () => void;
}

/** What the last rebuild did (the bench and tests read it). */
export interface RebuildStats {
  full: boolean;
  /** When it started (`performance.now()`): the bench counts the garbage collections within `ms` of it. */
  startedAt: number;
  ms: number;
  /** Events read from the database. */
  eventsRead: number;
  /** Prices read back from the database (none for held events when every batch since was this process's own). */
  pricesRead: number;
  /** Whether every batch since the last rebuild was this process's own, its writes taken as handed over. */
  own: boolean;
  /** Market views computed again (the other markets of a recomputed event keep theirs). */
  marketViews: number;
  /** Odds answers (country × competition × market) whose event lists were serialized again. */
  oddsAnswers: number;
  /** Of those, the lists patched at the places of their replaced markets (the rest were put together in full). */
  oddsAnswersPatched: number;
  /** Their keys, "country|competition|market". */
  touched: string[];
  /** Where `ms` went (see {@link RebuildPhases}). */
  phases: RebuildPhases;
}

/**
 * A rebuild's time by step, in ms. Each step's own time leaves out the turns it handed back;
 * those are `turnsMs`, where V8 also runs most of its young-generation collections.
 */
export interface RebuildPhases {
  /** Reading the odds version, the books' read times and the countries' updates. */
  versionsMs: number;
  /** Bringing the held events up to date: the batches' prices, the rows read, what time alone changed. */
  takeInMs: number;
  /** Computing the views of the events that may have changed. */
  viewsMs: number;
  /** Putting those views in their countries' listings: their new rows' JSON, their places. */
  listingsMs: number;
  /** Serializing and publishing the touched answers. */
  publishMs: number;
  /** The turns handed back to the event loop. */
  turnsMs: number;
}

/** Events whose prices are read in one query. */
const READ_CHUNK = 50;
/** Batches of this process held for the next rebuild at most; past it, the rebuild reads them back. */
const WRITTEN_KEPT = 64;

/**
 * What time alone changed among the held events, in one pass (about 0.3 ms for 10,000 in a CPU
 * profile of `npm run bench:ingest`, so no turn is handed back within it): those that kicked off;
 * those to compute again, whose view changes now or whose book's league turned stale or fresh
 * (added to `recompute`, their markets' changes forgotten: the whole view is computed again); the
 * earliest moment the view of the others changes; and the countries with a demo event.
 */
function scanHeld(
  store: ReadonlyMap<string, StoredEvent>,
  now: number,
  flipped: ReadonlySet<string>,
  recompute: Set<StoredEvent>,
): { kickedOff: StoredEvent[]; nextChangeAt: number; demo: Set<number> } {
  const kickedOff: StoredEvent[] = [];
  const demo = new Set<number>();
  let nextChangeAt = Infinity;
  store.forEach((s) => {
    if (s.event.kickoffAt <= now) {
      kickedOff.push(s);
      return;
    }
    if (s.event.source === 'demo') demo.add(s.event.countryId);
    if (s.nextChangeAt <= now || (flipped.size > 0 && readsBy(s, flipped))) {
      s.changed = null;
      recompute.add(s);
    } else if (s.nextChangeAt < nextChangeAt && !recompute.has(s)) {
      nextChangeAt = s.nextChangeAt;
    }
  });
  return { kickedOff, nextChangeAt, demo };
}

export class OddsSnapshot {
  private builds = 0;
  private builtVersion = -1;
  private builtAt: number | null = null;
  /** The earliest moment the view changes by time alone. */
  private dueAt = Infinity;
  private last: RebuildStats | null = null;
  private readonly store = new Map<string, StoredEvent>();
  private readonly answers = new SnapshotAnswers();
  private reads = new Map<string, number>();
  /** What this process's own committed batches wrote, by odds version, until a rebuild takes it in. */
  private readonly own = new Map<number, WrittenPrices>();
  private running: Promise<void> | null = null;
  private compressing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly windowMs: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: OddsSnapshotOptions,
  ) {
    this.windowMs = options.movementWindowMs ?? DEFAULT_MOVEMENT_WINDOW_MS;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60 * 1000;
  }

  /** Rises with every successful rebuild: answers derived from a snapshot are valid for one generation. */
  get generation(): number {
    return this.builds;
  }

  /** A listed event (upcoming, scheduled, priced) as the odds lists show it, with every market. */
  event(eventId: string): OddsEventDto | undefined {
    return this.answers.event(eventId, this.store.get(eventId));
  }

  /** A country's listed events with every market (undefined before the first build). */
  countryEvents(countryId: number): readonly OddsEventDto[] | undefined {
    return this.builds === 0 ? undefined : this.answers.countryEvents(countryId);
  }

  /** Rises whenever an event joins or leaves the listings (not when a listed one changes). */
  get listedRevision(): number {
    return this.answers.listedRevision;
  }

  /** Odds version the current snapshot was built from (-1 before the first build). */
  get version(): number {
    return this.builtVersion;
  }

  /** What the latest rebuild did (null before the first). */
  get lastRebuild(): RebuildStats | null {
    return this.last;
  }

  get stats(): { version: number; builtAt: number | null; buildMs: number | null; entries: number; bytes: number } {
    let bytes = 0;
    this.answers.all.forEach((e) => (bytes += e.body.length));
    return {
      version: this.version,
      builtAt: this.builtAt,
      buildMs: this.last?.ms ?? null,
      entries: this.answers.all.size,
      bytes,
    };
  }

  odds(countryId: number, competitionId: number, marketId: number): SnapshotEntry | undefined {
    return this.answers.odds(countryId, competitionId, marketId);
  }

  summary(countryId: number): SnapshotEntry | undefined {
    return this.answers.summary(countryId);
  }

  sample(countryId: number): SnapshotEntry | undefined {
    return this.answers.sample(countryId);
  }

  /** Rebuilds from the database; resolves once a build that started after this call finished. */
  rebuild(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!this.running) {
      this.running = this.build().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!this.queued) {
      this.queued = this.running.then(() => {
        this.queued = null;
        return this.rebuild();
      });
    }
    return this.queued;
  }

  /**
   * Rebuilds first when the view has changed by time alone since the last build (a book's league
   * turned stale, a flag aged out, a match kicked off) and the timer has not caught up yet: the
   * bettor tools call it so they never count a price past its freshness.
   */
  async catchUp(): Promise<void> {
    if (this.builds > 0 && this.options.now() >= this.dueAt) await this.rebuild();
  }

  /**
   * Hands over the prices a batch of this process wrote and committed under `version` (the odds
   * service does, after the commit): a rebuild that holds every version since its snapshot's takes
   * them in instead of reading the prices back; one that misses any (another process's batch, a
   * withdrawal) reads them all back as before.
   */
  written(written: WrittenPrices): void {
    if (this.closed || this.builds === 0 || written.version <= this.builtVersion) return;
    if (this.own.size >= WRITTEN_KEPT) this.own.clear();
    this.own.set(written.version, written);
  }

  /**
   * What batches wrote since the snapshot's version up to `version`: the prices by event, and the
   * events whose rows they wrote; null when one batch is not at hand.
   */
  private ownSince(version: number): { prices: Map<string, CurrentPrice[]>; rows: Set<string> } | null {
    for (let v = this.builtVersion + 1; v <= version; v += 1) if (!this.own.has(v)) return null;
    const prices = new Map<string, CurrentPrice[]>();
    const rows = new Set<string>();
    for (let v = this.builtVersion + 1; v <= version; v += 1) {
      const written = this.own.get(v) as WrittenPrices;
      for (const p of written.prices) {
        const list = prices.get(p.eventId);
        if (list) list.push(p);
        else prices.set(p.eventId, [p]);
      }
      for (const id of written.events) rows.add(id);
    }
    return { prices, rows };
  }

  /** Resolves when the compressed forms of the latest rebuild's answers are ready. */
  compressed(): Promise<void> {
    return this.compressing;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const now = this.options.now();
    const slicer = new Slicer();
    try {
      // The version first: what is read after it is at least as new as the version the snapshot
      // is built from. The other two go together (on PostgreSQL, two connections at once).
      const version = await readOddsVersion(this.db);
      const [reads, countryUpdates] = await Promise.all([findBookReads(this.db), findCountryUpdates(this.db)]);
      const full = this.builds === 0;
      /** Events whose view is computed again. */
      const recompute = new Set<StoredEvent>();
      /** The odds answers whose event list is serialized again. */
      const touched = new Set<number>();

      const takeInFrom = performance.now();
      // 1. What the database says changed.
      let rows: SnapshotEventRow[] = [];
      let providers: number[] | undefined;
      /**
       * What batches wrote since, when this process wrote them all: their prices are taken as
       * handed over, and only the rows they wrote (and those of events not held) are read.
       */
      let own: { prices: Map<string, CurrentPrice[]>; rows: Set<string> } | null = null;
      let pricesRead = 0;
      if (full) {
        rows = await findUpcomingEvents(this.db, now);
      } else if (version !== this.builtVersion) {
        own = this.ownSince(version);
        if (own) {
          const ids = new Set(own.rows);
          for (const id of own.prices.keys()) if (!this.store.has(id)) ids.add(id);
          rows = await findSnapshotEventsByIds(this.db, [...ids]);
        } else {
          rows = await findEventsChangedAfter(this.db, this.builtVersion);
          providers = await findProvidersAfter(this.db, this.builtVersion);
        }
      }
      for (let i = 0; i < rows.length; i += READ_CHUNK) {
        const part = rows.slice(i, i + READ_CHUNK);
        const known = own ? [] : part.filter((r) => this.store.has(r.event.id)).map((r) => r.event.id);
        const fresh = part.filter((r) => !this.store.has(r.event.id)).map((r) => r.event.id);
        // Events already held need only the prices of the books that wrote since; new ones need all.
        const prices = [...(await findPricesOf(this.db, known, providers)), ...(await findPricesOf(this.db, fresh))];
        pricesRead += prices.length;
        const byEvent = byEventOf(prices);
        for (const { scheduled, event } of part) {
          const held = this.store.get(event.id);
          if (!scheduled || event.kickoffAt <= now) {
            if (held) this.drop(held, touched);
          } else if (!held) {
            const s = storedEvent(event, byEvent.get(event.id) ?? []);
            this.store.set(event.id, s);
            recompute.add(s);
          } else if (
            own
              ? mergeWritten(held, event, own.prices.get(event.id) ?? [])
              : mergeRow(held, event, byEvent.get(event.id) ?? [], providers)
          ) {
            recompute.add(held);
          }
          if (slicer.due) await slicer.pause();
        }
      }
      if (own) {
        // The held events whose rows no batch wrote: only their prices moved.
        for (const [eventId, prices] of own.prices) {
          const held = own.rows.has(eventId) ? undefined : this.store.get(eventId);
          if (held && mergeWritten(held, held.event, prices)) recompute.add(held);
          if (slicer.due) await slicer.pause();
        }
      }
      for (const v of this.own.keys()) if (v <= version) this.own.delete(v);

      // 2. What time alone changed: kick-offs, flags ageing out, books' leagues turning stale or fresh.
      const flipped = flippedReads(this.reads, this.builtAt, reads, now);
      this.reads = reads;
      const held = scanHeld(this.store, now, flipped, recompute);
      for (const s of held.kickedOff) {
        this.drop(s, touched);
        recompute.delete(s);
        if (slicer.due) await slicer.pause();
      }
      const { demo } = held;
      /** The earliest moment the view changes by time alone: the held events' here, the recomputed ones' below. */
      let nextChangeAt = held.nextChangeAt;

      // 3. The views of the events that may have changed; the answers whose JSON moved are touched.
      const phases: RebuildPhases = {
        versionsMs: takeInFrom - started,
        takeInMs: performance.now() - takeInFrom - slicer.pausedMs,
        viewsMs: 0,
        listingsMs: 0,
        publishMs: 0,
        turnsMs: 0,
      };
      const stale = staleBooks(reads, now);
      const computed = { markets: 0 };
      for (const s of recompute) {
        const viewFrom = performance.now();
        // Only the markets whose prices changed, when nothing else the view depends on did.
        const earlier = s.changed && s.listed ? { dto: s.listed.item.dto, changed: s.changed } : undefined;
        const view = eventView(
          s.event,
          s.markets,
          s.agesOut,
          now,
          this.windowMs,
          stale,
          earlier,
          computed,
          s.listed?.item.dto,
        );
        s.nextChangeAt = view.nextChangeAt;
        if (view.nextChangeAt < nextChangeAt) nextChangeAt = view.nextChangeAt;
        const listFrom = performance.now();
        phases.viewsMs += listFrom - viewFrom;
        this.answers.relist(s, view.dto, touched, earlier?.changed);
        phases.listingsMs += performance.now() - listFrom;
        if (s.changed) s.changed.clear();
        else s.changed = new Set();
        if (slicer.due) await slicer.pause();
      }

      // 4. The answers of the countries whose lists or header moved.
      const publishFrom = performance.now();
      const pausedBefore = slicer.pausedMs;
      const { serialized, patched, readAhead } = await this.answers.publish({
        full,
        countryUpdates,
        demo,
        touched,
        slicer,
      });
      phases.publishMs = performance.now() - publishFrom - (slicer.pausedMs - pausedBefore);
      phases.turnsMs = slicer.pausedMs;
      this.builtVersion = version;
      this.builtAt = now;
      this.builds += 1;
      this.last = {
        full,
        startedAt: started,
        ms: performance.now() - started,
        eventsRead: rows.length,
        pricesRead,
        own: own !== null,
        marketViews: computed.markets,
        oddsAnswers: serialized,
        oddsAnswersPatched: patched,
        touched: [...touched].map(listKeyText).sort(),
        phases,
      };
      this.compressing = Promise.all(readAhead.map(compressEntry)).then(
        () => undefined,
        (error: unknown) => this.options.onError?.(error),
      );
      nextChangeAt = Math.min(nextChangeAt, nextFlip(reads, now));
      this.dueAt = nextChangeAt;
      this.schedule(now, Number.isFinite(nextChangeAt) ? nextChangeAt : null);
      this.options.onRebuilt?.();
    } catch (error) {
      this.options.onError?.(error);
      if (!this.closed && !this.timer) this.schedule(now, now + 5000);
    }
  }

  /** Takes an event out of the store and its country's listing. */
  private drop(s: StoredEvent, touched: Set<number>): void {
    this.answers.relist(s, null, touched);
    this.store.delete(s.event.id);
  }

  private schedule(now: number, nextChangeAt: number | null): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    const due = Math.min(nextChangeAt ?? Infinity, now + this.maxAgeMs);
    // A few ms late is harmless; early would rebuild before the flag has actually aged out.
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.rebuild();
      },
      Math.max(0, due - now) + 5,
    );
    this.timer.unref();
  }
}
