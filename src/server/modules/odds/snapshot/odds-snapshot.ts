/**
 * The read side of the odds API (docs/architecture.md §5): every answer of GET /api/odds (per
 * country, competition and market), /api/odds/summary and /api/odds/sample is serialized
 * once per rebuild into a Buffer with a strong ETag, so a request costs a map lookup; answers of
 * 1 KB and more are compressed (brotli and gzip) in the thread pool, never on the event loop: right
 * after the rebuild for answers clients were reading, else after the first request for them (which
 * goes out uncompressed), so no request serializes or compresses anything.
 *
 * Rebuilds are incremental. The first build loads every upcoming scheduled event and its prices;
 * later ones read only the events that batches after the snapshot's odds version listed or changed
 * (`events.odds_version`), with the prices of the books those batches came from, and recompute
 * only the answers of the (country, competition, market) whose content moved: a changed price,
 * a match added, moved or gone, a movement flag that aged out, a book's league turning stale or
 * fresh again (FRESH_PRICE_MS). The summary and sample of a touched country follow; answers of a
 * country whose `updatedAt` moved are rewrapped around their unchanged event lists. Work is cut
 * into slices that hand the event loop back every few milliseconds.
 *
 * Rebuilds happen after each ingest commit (`rebuild()`), when the odds version in the database
 * moves (another process ingested; see odds.plugin.ts), and at the next moment the view changes by
 * time alone. Concurrent rebuild requests coalesce: at most one runs, and at most one more follows.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { EventSource, OddsEventDto } from '@shared/contract/odds';
import { COMPETITIONS, COUNTRIES, MARKETS } from '@shared/lookups';
import type { Db } from '../../../core/db/connect';
import type { CurrentPrice } from '../current-price';
import { type SnapshotEventRow, findEventsChangedAfter, findUpcomingEvents } from '../events.repository';
import { findPricesOf } from '../prices.repository';
import {
  bookReadKey,
  findBookReads,
  findCountryUpdates,
  findProvidersAfter,
  readOddsVersion,
} from '../versions.repository';
import type { UpcomingEvent } from '../upcoming-event';
import { DEFAULT_MOVEMENT_WINDOW_MS, FRESH_PRICE_MS, eventView, sampleOf, summaryOf, wireDate } from './odds-view';

/** One representation of an answer: its bytes and strong ETag. */
export interface Representation {
  body: Buffer;
  etag: string;
}

export interface SnapshotEntry extends Representation {
  /** Compressed representations, filled in the background after the entry is published. */
  encoded?: { br?: Representation; gzip?: Representation };
}

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
  ms: number;
  /** Events read from the database. */
  eventsRead: number;
  /** Odds answers (country × competition × market) whose event lists were serialized again. */
  oddsAnswers: number;
  /** Their keys, "country|competition|market". */
  touched: string[];
}

/** Answers of 1 KB and more are compressed (smaller ones gain next to nothing). */
export const COMPRESS_MIN_BYTES = 1024;
/** A slice of rebuild work runs at most about this long before the event loop gets a turn. */
const SLICE_MS = 8;
const COMPETITION_IDS = COMPETITIONS.map((c) => c.id);
/** Events whose prices are read in one query. */
const READ_CHUNK = 100;

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('base64url');

/** `{ data }` serialized once, with a strong ETag over the bytes. */
export function snapshotEntry(data: unknown): SnapshotEntry {
  const body = Buffer.from(JSON.stringify({ data }));
  return { body, etag: `"${sha1(body)}"` };
}

const brotli = promisify(brotliCompress);
/** Entries being compressed (a second request meanwhile starts nothing). */
const compressing = new WeakSet<SnapshotEntry>();
const gzipAsync = promisify(gzip);

/** Compresses an entry in the thread pool (never on the event loop) and attaches the results. */
export async function compressEntry(entry: SnapshotEntry): Promise<void> {
  if (entry.body.length < COMPRESS_MIN_BYTES || entry.encoded || compressing.has(entry)) return;
  compressing.add(entry);
  const [br, gz] = await Promise.all([
    // Quality 5: within a few per cent of the best ratio for JSON of this size, at a fraction of the time.
    brotli(entry.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    }),
    gzipAsync(entry.body, { level: 6 }),
  ]);
  const tag = entry.etag.slice(0, -1);
  entry.encoded = { br: { body: br, etag: `${tag}-br"` }, gzip: { body: gz, etag: `${tag}-gzip"` } };
}

/** An odds answer's event list, serialized and encoded once, and the answer around it. */
interface ListEntry {
  eventsJson: Buffer;
  eventsTag: string;
  entry: SnapshotEntry;
}

const LIST_HEAD = Buffer.from('{"data":{"events":');

/**
 * `{data:{events, source, updatedAt}}` around an already encoded event list: a rewrap (a country's
 * `updatedAt` moved) copies bytes and hashes only the header, it never encodes the list again.
 */
function wrapList(eventsJson: Buffer, eventsTag: string, source: EventSource, updatedAt: string | null): SnapshotEntry {
  const tail = JSON.stringify({ source, updatedAt }).slice(1);
  const body = Buffer.concat([LIST_HEAD, eventsJson, Buffer.from(`,${tail}}`)]);
  return { body, etag: `"${sha1(`${eventsTag}|${tail}`)}"` };
}

interface Stored {
  event: UpcomingEvent;
  /** Every current price of the event, by "market|provider|selection". */
  prices: Map<string, CurrentPrice>;
  dto: OddsEventDto | null;
  nextChangeAt: number;
}

interface Country {
  source: EventSource;
  updatedAt: string | null;
  /** Listed events by kick-off (then id), every market. */
  events: readonly OddsEventDto[];
  /** Listed events per competition, in the same order. */
  byCompetition: Map<number, OddsEventDto[]>;
}

const key = (p: Pick<CurrentPrice, 'marketId' | 'providerId' | 'selectionId'>) =>
  `${p.marketId}|${p.providerId}|${p.selectionId}`;
const oddsKey = (country: number, competition: number, market: number) => `odds|${country}|${competition}|${market}`;
const summaryKey = (country: number) => `summary|${country}`;
const sampleKey = (country: number) => `sample|${country}`;
const samePrice = (a: CurrentPrice, b: CurrentPrice) =>
  a.value === b.value &&
  a.previousValue === b.previousValue &&
  a.changedAt === b.changedAt &&
  a.boosted === b.boosted &&
  a.regularValue === b.regularValue;
const byKickoff = (a: OddsEventDto, b: OddsEventDto) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Hands the event loop a turn when the current slice ran long enough. */
class Slicer {
  private since = performance.now();
  async tick(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

export class OddsSnapshot {
  private builds = 0;
  private builtVersion = -1;
  private builtAt: number | null = null;
  /** The earliest moment the view changes by time alone. */
  private dueAt = Infinity;
  private last: RebuildStats | null = null;
  private readonly store = new Map<string, Stored>();
  private readonly countries = new Map<number, Country>();
  private readonly lists = new Map<string, ListEntry>();
  private entries = new Map<string, SnapshotEntry>();
  private reads = new Map<string, number>();
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
    return this.store.get(eventId)?.dto ?? undefined;
  }

  /** A country's listed events with every market (undefined before the first build). */
  countryEvents(countryId: number): readonly OddsEventDto[] | undefined {
    return this.countries.get(countryId)?.events;
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
    this.entries.forEach((e) => (bytes += e.body.length));
    return {
      version: this.version,
      builtAt: this.builtAt,
      buildMs: this.last?.ms ?? null,
      entries: this.entries.size,
      bytes,
    };
  }

  odds(countryId: number, competitionId: number, marketId: number): SnapshotEntry | undefined {
    return this.entries.get(oddsKey(countryId, competitionId, marketId));
  }

  summary(countryId: number): SnapshotEntry | undefined {
    return this.entries.get(summaryKey(countryId));
  }

  sample(countryId: number): SnapshotEntry | undefined {
    return this.entries.get(sampleKey(countryId));
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

  /** Resolves when the compressed forms of the latest rebuild's answers are ready. */
  compressed(): Promise<void> {
    return this.compressing;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private stale(
    reads: Map<string, number>,
    now: number,
    providerId: number,
    e: Pick<UpcomingEvent, 'countryId' | 'competitionId'>,
  ): boolean {
    const at = reads.get(bookReadKey(providerId, e.countryId, e.competitionId));
    // A book never recorded as reading the league (prices stored before reads were recorded) is stale too.
    return at === undefined || now - at > FRESH_PRICE_MS;
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const now = this.options.now();
    const slicer = new Slicer();
    try {
      const version = await readOddsVersion(this.db);
      const reads = await findBookReads(this.db);
      const countryUpdates = await findCountryUpdates(this.db);
      const full = this.builds === 0;
      /** Events whose view is computed again. */
      const recompute = new Set<string>();
      /** "country|competition|market" whose answer is serialized again. */
      const touched = new Set<string>();
      const touch = (e: UpcomingEvent, marketId: number) =>
        touched.add(`${e.countryId}|${e.competitionId}|${marketId}`);
      const touchAll = (s: Stored) => {
        for (const p of s.prices.values()) touch(s.event, p.marketId);
      };
      let eventsRead = 0;

      // 1. What the database says changed.
      let rows: SnapshotEventRow[] = [];
      let providers: number[] | undefined;
      if (full) {
        rows = await findUpcomingEvents(this.db, now);
      } else if (version !== this.builtVersion) {
        rows = await findEventsChangedAfter(this.db, this.builtVersion);
        providers = await findProvidersAfter(this.db, this.builtVersion);
      }
      eventsRead = rows.length;
      for (let i = 0; i < rows.length; i += READ_CHUNK) {
        const part = rows.slice(i, i + READ_CHUNK);
        const known = part.filter((r) => this.store.has(r.id)).map((r) => r.id);
        const fresh = part.filter((r) => !this.store.has(r.id)).map((r) => r.id);
        // Events already held need only the prices of the books that wrote since; new ones need all.
        const prices = [...(await findPricesOf(this.db, known, providers)), ...(await findPricesOf(this.db, fresh))];
        const byEvent = new Map<string, CurrentPrice[]>();
        for (const p of prices) {
          const list = byEvent.get(p.eventId) ?? [];
          list.push(p);
          byEvent.set(p.eventId, list);
        }
        for (const row of part) {
          this.applyRow(row, byEvent.get(row.id) ?? [], providers, now, recompute, touch, touchAll);
        }
        await slicer.tick();
      }

      // 2. What time alone changed: kick-offs, flags ageing out, books' leagues turning stale or fresh.
      const flipped = new Set<string>();
      for (const [k, at] of reads) {
        const before = this.reads.get(k);
        const wasFresh = before !== undefined && this.builtAt !== null && this.builtAt - before <= FRESH_PRICE_MS;
        if (wasFresh !== now - at <= FRESH_PRICE_MS) flipped.add(k);
      }
      for (const [k, before] of this.reads) {
        if (!reads.has(k) && this.builtAt !== null && this.builtAt - before <= FRESH_PRICE_MS) flipped.add(k);
      }
      for (const [id, s] of this.store) {
        if (s.event.kickoffAt <= now) {
          touchAll(s);
          this.store.delete(id);
          recompute.delete(id);
          continue;
        }
        if (s.nextChangeAt <= now) recompute.add(id);
        await slicer.tick();
        if (flipped.size > 0) {
          for (const p of s.prices.values()) {
            if (flipped.has(bookReadKey(p.providerId, s.event.countryId, s.event.competitionId))) {
              recompute.add(id);
              touch(s.event, p.marketId);
            }
          }
        }
      }
      this.reads = reads;

      // 3. The views of the events that may have changed; a market whose shape moved is touched.
      const stale = (providerId: number, e: Pick<UpcomingEvent, 'countryId' | 'competitionId'>) =>
        this.stale(reads, now, providerId, e);
      const countriesTouched = new Set<number>();
      for (const id of recompute) {
        const s = this.store.get(id);
        if (!s) continue;
        const before = s.dto;
        const view = eventView(s.event, s.prices.values(), now, this.windowMs, stale);
        s.dto = view.dto;
        s.nextChangeAt = view.nextChangeAt;
        if (before !== view.dto) this.touchChangedMarkets(s.event, before, view.dto, touched, touch);
        await slicer.tick();
      }
      if (full) for (const c of COUNTRIES) countriesTouched.add(c.id);
      for (const t of touched) countriesTouched.add(Number(t.split('|')[0]));

      // 4. Country lists, then the answers.
      const entries = new Map(this.entries);
      const newEntries: SnapshotEntry[] = [];
      let serialized = 0;
      const byCountry = new Map<number, Stored[]>();
      if (countriesTouched.size > 0) {
        for (const s of this.store.values()) {
          if (!countriesTouched.has(s.event.countryId)) continue;
          const list = byCountry.get(s.event.countryId) ?? [];
          list.push(s);
          byCountry.set(s.event.countryId, list);
        }
      }
      for (const country of COUNTRIES) {
        const previous = this.countries.get(country.id);
        const updatedAtMs = countryUpdates.get(country.id);
        const updatedAt = updatedAtMs === undefined ? null : wireDate(updatedAtMs);
        let current = previous;
        if (countriesTouched.has(country.id) || !previous) {
          const stored = byCountry.get(country.id) ?? [];
          const events = stored.flatMap((s) => (s.dto ? [s.dto] : [])).sort(byKickoff);
          const byCompetition = new Map<number, OddsEventDto[]>();
          for (const e of events) {
            const list = byCompetition.get(e.competitionId) ?? [];
            list.push(e);
            byCompetition.set(e.competitionId, list);
          }
          const source: EventSource = stored.some((s) => s.event.source === 'demo') ? 'demo' : 'live';
          current = { source, updatedAt, events, byCompetition };
          await slicer.tick();
        }
        if (!current) continue;
        const headerMoved = !previous || previous.source !== current.source || previous.updatedAt !== updatedAt;
        current = { ...current, updatedAt };
        this.countries.set(country.id, current);
        if (!countriesTouched.has(country.id) && !headerMoved) continue;
        const put = (k: string, entry: SnapshotEntry) => {
          // Compressed ahead only where clients read the previous one; others on their first request, in the background.
          if (this.entries.get(k)?.encoded) newEntries.push(entry);
          entries.set(k, entry);
        };
        put(summaryKey(country.id), snapshotEntry(summaryOf(current.events, current.source, updatedAt)));
        put(
          sampleKey(country.id),
          snapshotEntry({ events: sampleOf(current.events), source: current.source, updatedAt }),
        );
        for (const competition of COMPETITION_IDS) {
          for (const market of MARKETS) {
            const k = oddsKey(country.id, competition, market.id);
            let list = this.lists.get(k);
            if (full || !list || touched.has(`${country.id}|${competition}|${market.id}`)) {
              const events = (current.byCompetition.get(competition) ?? []).flatMap((event) => {
                const m = event.markets.find((x) => x.marketId === market.id);
                return m ? [{ ...event, markets: [m] }] : [];
              });
              const eventsJson = Buffer.from(JSON.stringify(events));
              serialized += 1;
              list = { eventsJson, eventsTag: sha1(eventsJson), entry: undefined as unknown as SnapshotEntry };
            }
            list.entry = wrapList(list.eventsJson, list.eventsTag, current.source, updatedAt);
            this.lists.set(k, list);
            put(k, list.entry);
            await slicer.tick();
          }
        }
      }
      this.entries = entries;
      this.builtVersion = version;
      this.builtAt = now;
      this.builds += 1;
      this.last = {
        full,
        ms: performance.now() - started,
        eventsRead,
        oddsAnswers: serialized,
        touched: [...touched].sort(),
      };
      this.compressing = Promise.all(newEntries.map(compressEntry)).then(
        () => undefined,
        (error: unknown) => this.options.onError?.(error),
      );
      let nextChangeAt = Infinity;
      for (const s of this.store.values()) nextChangeAt = Math.min(nextChangeAt, s.nextChangeAt);
      for (const at of reads.values()) {
        if (at + FRESH_PRICE_MS >= now) nextChangeAt = Math.min(nextChangeAt, at + FRESH_PRICE_MS + 1);
      }
      this.dueAt = nextChangeAt;
      this.schedule(now, Number.isFinite(nextChangeAt) ? nextChangeAt : null);
      this.options.onRebuilt?.();
    } catch (error) {
      this.options.onError?.(error);
      if (!this.closed && !this.timer) this.schedule(now, now + 5000);
    }
  }

  /** Brings one event up to date with a database row and its (re)read prices. */
  private applyRow(
    row: SnapshotEventRow,
    prices: readonly CurrentPrice[],
    providers: readonly number[] | undefined,
    now: number,
    recompute: Set<string>,
    touch: (e: UpcomingEvent, marketId: number) => void,
    touchAll: (s: Stored) => void,
  ): void {
    const held = this.store.get(row.id);
    const { scheduled, ...event } = row;
    if (!scheduled || event.kickoffAt <= now) {
      if (held) {
        touchAll(held);
        this.store.delete(row.id);
        recompute.delete(row.id);
      }
      return;
    }
    if (!held) {
      const s: Stored = { event, prices: new Map(prices.map((p) => [key(p), p])), dto: null, nextChangeAt: Infinity };
      this.store.set(row.id, s);
      recompute.add(row.id);
      touchAll(s);
      return;
    }
    const moved =
      held.event.kickoffAt !== event.kickoffAt ||
      held.event.home !== event.home ||
      held.event.away !== event.away ||
      held.event.competitionId !== event.competitionId ||
      held.event.countryId !== event.countryId ||
      held.event.source !== event.source;
    if (moved) {
      touchAll(held);
      held.event = event;
      recompute.add(row.id);
    }
    // The re-read books' prices replace theirs; a price of theirs no longer stored is gone.
    const reread = providers ? new Set(providers) : null;
    const next = new Map<string, CurrentPrice>();
    for (const p of prices) next.set(key(p), p);
    for (const [k, p] of held.prices) {
      if (reread && !reread.has(p.providerId)) {
        next.set(k, p);
        continue;
      }
      const after = next.get(k);
      if (!after || !samePrice(p, after)) {
        touch(event, p.marketId);
        recompute.add(row.id);
      }
    }
    for (const [k, p] of next) {
      if (!held.prices.has(k)) {
        touch(event, p.marketId);
        recompute.add(row.id);
      }
    }
    held.prices = next;
    if (moved) touchAll(held);
  }

  /** Touches the markets of an event whose view moved (a flag aged out, a book turned stale). */
  private touchChangedMarkets(
    event: UpcomingEvent,
    before: OddsEventDto | null,
    after: OddsEventDto | null,
    touched: ReadonlySet<string>,
    touch: (e: UpcomingEvent, marketId: number) => void,
  ): void {
    // A market whose answer is serialized again anyway needs no comparison (most of a big batch's).
    const open = (marketId: number) => !touched.has(`${event.countryId}|${event.competitionId}|${marketId}`);
    const markets = new Map<number, string>();
    for (const m of before?.markets ?? []) if (open(m.marketId)) markets.set(m.marketId, JSON.stringify(m));
    for (const m of after?.markets ?? []) {
      if (!open(m.marketId)) continue;
      if (markets.get(m.marketId) !== JSON.stringify(m)) touch(event, m.marketId);
      markets.delete(m.marketId);
    }
    for (const marketId of markets.keys()) touch(event, marketId);
    if ((before === null) !== (after === null) || before?.date !== after?.date) {
      for (const m of [...(before?.markets ?? []), ...(after?.markets ?? [])]) touch(event, m.marketId);
    }
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
