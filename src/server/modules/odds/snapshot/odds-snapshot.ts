/**
 * The read side of the odds API (docs/architecture.md §5): every answer of GET /api/odds (per
 * country, competition and market), /api/odds/summary and /api/odds/sample is serialized
 * once per rebuild into a Buffer with a strong ETag, so a request costs a map lookup.
 *
 * Rebuilds happen after each ingest commit (`rebuild()`), when the odds version in the
 * database moves (another process ingested; see odds.plugin.ts), and at the next moment the
 * view changes by time alone (a movement flag ages out, a match kicks off). Concurrent
 * rebuild requests coalesce: at most one runs, and at most one more follows it.
 */
import { createHash } from 'node:crypto';
import type { EventSource, OddsEventDto } from '@shared/contract/odds';
import { COMPETITIONS, COUNTRIES, MARKETS } from '@shared/lookups';
import type { Db } from '../../../core/db/connect';
import { findCountryUpdates, loadUpcoming, readOddsVersion } from '../odds.repository';
import { DEFAULT_MOVEMENT_WINDOW_MS, buildEventsView, oddsFor, sampleOf, summaryOf, wireDate } from './odds-view';

export interface SnapshotEntry {
  body: Buffer;
  etag: string;
}

interface OddsSnapshotOptions {
  now: () => number;
  movementWindowMs?: number;
  /** Upper bound between time-driven rebuilds, so nothing stays stale longer than this. */
  maxAgeMs?: number;
  onError?: (error: unknown) => void;
}

interface Built {
  version: number;
  builtAt: number;
  buildMs: number;
  entries: Map<string, SnapshotEntry>;
  /** Every listed event by id, with all its markets (the match page reuses them). */
  events: Map<string, OddsEventDto>;
  /** Each country's listed events, as the lists show them (the bettor tools read them). */
  byCountry: Map<number, readonly OddsEventDto[]>;
  nextChangeAt: number | null;
}

/** `{ data }` serialized once, with a strong ETag over the bytes. */
export function snapshotEntry(data: unknown): SnapshotEntry {
  const body = Buffer.from(JSON.stringify({ data }));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

const oddsKey = (country: number, competition: number, market: number) => `odds|${country}|${competition}|${market}`;
const summaryKey = (country: number) => `summary|${country}`;
const sampleKey = (country: number) => `sample|${country}`;

export class OddsSnapshot {
  private built: Built | null = null;
  private builds = 0;
  private running: Promise<void> | null = null;
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
    return this.built?.events.get(eventId);
  }

  /** A country's listed events with every market (undefined before the first build). */
  countryEvents(countryId: number): readonly OddsEventDto[] | undefined {
    return this.built?.byCountry.get(countryId);
  }

  /** Odds version the current snapshot was built from (-1 before the first build). */
  get version(): number {
    return this.built?.version ?? -1;
  }

  get stats(): { version: number; builtAt: number | null; buildMs: number | null; entries: number; bytes: number } {
    const b = this.built;
    let bytes = 0;
    b?.entries.forEach((e) => (bytes += e.body.length));
    return {
      version: this.version,
      builtAt: b?.builtAt ?? null,
      buildMs: b?.buildMs ?? null,
      entries: b?.entries.size ?? 0,
      bytes,
    };
  }

  odds(countryId: number, competitionId: number, marketId: number): SnapshotEntry | undefined {
    return this.built?.entries.get(oddsKey(countryId, competitionId, marketId));
  }

  summary(countryId: number): SnapshotEntry | undefined {
    return this.built?.entries.get(summaryKey(countryId));
  }

  sample(countryId: number): SnapshotEntry | undefined {
    return this.built?.entries.get(sampleKey(countryId));
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

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const now = this.options.now();
    try {
      const version = await readOddsVersion(this.db);
      const { events, prices } = await loadUpcoming(this.db, now);
      const countryUpdates = await findCountryUpdates(this.db);
      const entries = new Map<string, SnapshotEntry>();
      const listed = new Map<string, OddsEventDto>();
      const byCountry = new Map<number, readonly OddsEventDto[]>();
      let nextChangeAt: number | null = null;
      for (const country of COUNTRIES) {
        const view = buildEventsView(
          events.filter((e) => e.countryId === country.id),
          prices,
          now,
          this.windowMs,
        );
        for (const event of view.events) listed.set(event.id, event);
        byCountry.set(country.id, view.events);
        if (view.nextChangeAt !== null) nextChangeAt = Math.min(nextChangeAt ?? Infinity, view.nextChangeAt);
        const source: EventSource = events.some((e) => e.countryId === country.id && e.source === 'demo')
          ? 'demo'
          : 'live';
        const updatedAtMs = countryUpdates.get(country.id);
        const updatedAt = updatedAtMs === undefined ? null : wireDate(updatedAtMs);
        entries.set(summaryKey(country.id), snapshotEntry(summaryOf(view.events, source, updatedAt)));
        entries.set(sampleKey(country.id), snapshotEntry({ events: sampleOf(view.events), source, updatedAt }));
        for (const competition of COMPETITIONS) {
          for (const market of MARKETS) {
            const list = oddsFor(view.events, competition.id, market.id);
            entries.set(
              oddsKey(country.id, competition.id, market.id),
              snapshotEntry({ events: list, source, updatedAt }),
            );
          }
        }
      }
      this.built = {
        version,
        builtAt: now,
        buildMs: performance.now() - started,
        entries,
        events: listed,
        byCountry,
        nextChangeAt,
      };
      this.builds += 1;
      this.schedule(now, nextChangeAt);
    } catch (error) {
      this.options.onError?.(error);
      if (!this.closed && !this.timer) this.schedule(now, now + 5000);
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
