/**
 * Price sequences for the match-page and dropping-odds tests: batches of three bookmakers for
 * the two matches of batches.ts, and an independent replay of them — what each price was,
 * when, and the drops a window should list — written from the feed rules (docs/feed.md) and
 * the definitions of docs/architecture.md#http-api, without calling the server's code.
 */
import type { FeedBatch } from '../../../../src/shared/contract/ingest';
import { KICKOFF_1, KICKOFF_2 } from './batches';

export const T0 = Date.parse('2030-03-10T12:00:00Z');
export const HOUR = 3600_000;

/** Selections per market, as docs/feed.md lists them (only the markets these tests use). */
export const SELECTIONS: Record<number, number[]> = { 1: [1, 2, 3], 4: [8, 9] };

export type Match = 'arsenal' | 'united';
export const MATCH_NAMES: Record<Match, string> = {
  arsenal: 'Arsenal vs Chelsea',
  united: 'Manchester United vs Fulham',
};

/** How each book names the two matches (ids, names and kick-offs that match across books). */
const BOOKS: Record<number, Record<Match, { externalId: string; home: string; away: string; kickoff: string }>> = {
  1: {
    arsenal: { externalId: 'b9-2001', home: 'Arsenal', away: 'Chelsea', kickoff: KICKOFF_1 },
    united: { externalId: 'b9-2002', home: 'Man United', away: 'Fulham', kickoff: KICKOFF_2 },
  },
  3: {
    arsenal: { externalId: 'sp-31', home: 'Arsenal', away: 'Chelsea', kickoff: KICKOFF_1 },
    united: { externalId: 'sp-32', home: 'Manchester United', away: 'Fulham', kickoff: KICKOFF_2 },
  },
  5: {
    arsenal: { externalId: '1x-77', home: 'Arsenal FC', away: 'Chelsea FC', kickoff: '2030-03-16T13:35:00Z' },
    united: { externalId: '1x-78', home: 'Manchester Utd', away: 'Fulham', kickoff: KICKOFF_2 },
  },
};

/** market → selection → price; a selection left out of a listed market is withdrawn. */
export type Prices = Record<number, Record<number, number>>;

export interface MatchView {
  match: Match;
  markets: Prices;
  status?: 'scheduled' | 'postponed';
}

export const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export function bookBatch(provider: number, at: number, views: readonly MatchView[]): FeedBatch {
  return {
    provider,
    country: 1,
    fetchedAt: iso(at),
    events: views.map((v) => ({
      ...BOOKS[provider]![v.match],
      competition: 1,
      ...(v.status ? { status: v.status } : {}),
      markets: Object.entries(v.markets).map(([market, prices]) => ({
        market: Number(market),
        prices: Object.entries(prices).map(([selection, value]) => ({ selection: Number(selection), value })),
      })),
    })),
  };
}

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `steps` hourly rounds from T0 in which books 1, 3 and 5 each send both matches: prices move
 * up and down, now and then a selection is withdrawn (and comes back later), a market is left
 * out (so it stays as it was), and book 1 reports Manchester United postponed at `postponeAt`.
 */
export function randomSequence(seed: number, steps: number, postponeAt: number): FeedBatch[] {
  const random = generator(seed);
  const base: Record<Match, Prices> = {
    arsenal: { 1: { 1: 1.83, 2: 3.6, 3: 4.2 }, 4: { 8: 2.0, 9: 1.8 } },
    united: { 1: { 1: 1.6, 2: 4.2, 3: 5.25 }, 4: { 8: 1.7, 9: 2.1 } },
  };
  const state = new Map<string, number>();
  const batches: FeedBatch[] = [];
  for (let step = 0; step < steps; step += 1) {
    for (const provider of [1, 3, 5]) {
      const views: MatchView[] = (['arsenal', 'united'] as Match[]).map((match) => {
        const markets: Prices = {};
        for (const market of [1, 4]) {
          if (step > 0 && random() < 0.2) continue; // not listed: stays as it was
          markets[market] = {};
          for (const selection of SELECTIONS[market]!) {
            const key = `${provider}|${match}|${market}|${selection}`;
            let value = state.get(key) ?? base[match][market]![selection]! + provider / 100;
            if (step > 0 && random() < 0.35) {
              value = Math.max(1.01, Math.round((value + (random() - 0.55) * 0.6) * 100) / 100);
            }
            state.set(key, value);
            if (step > 0 && random() < 0.06) continue; // withdrawn this round
            markets[market]![selection] = value;
          }
        }
        const postponed = match === 'united' && provider === 1 && step === postponeAt;
        return { match, markets, ...(postponed ? { status: 'postponed' as const } : {}) };
      });
      batches.push(bookBatch(provider, T0 + step * HOUR, views));
    }
  }
  return batches;
}

/** One price's key in the replay. */
export interface ReplayKey {
  match: Match;
  marketId: number;
  providerId: number;
  selectionTypeId: number;
}

export interface Replay {
  /** Every change of every price in the order applied: a value, or null for a withdrawal. */
  timelines: Map<string, { key: ReplayKey; changes: Array<{ at: number; value: number | null }> }>;
  postponed: Set<Match>;
}

const matchOf = (provider: number, externalId: string): Match =>
  BOOKS[provider]!.arsenal.externalId === externalId ? 'arsenal' : 'united';

/** The feed rules applied by hand: a listed market's missing selection is withdrawn, the rest stays. */
export function replay(batches: readonly FeedBatch[]): Replay {
  const timelines: Replay['timelines'] = new Map();
  const postponed = new Set<Match>();
  for (const batch of batches) {
    const at = Date.parse(batch.fetchedAt);
    for (const event of batch.events) {
      const match = matchOf(batch.provider, event.externalId);
      if (event.status === 'postponed') postponed.add(match);
      if (event.status === 'scheduled') postponed.delete(match);
      for (const market of event.markets) {
        for (const selectionTypeId of SELECTIONS[market.market]!) {
          const id = `${match}|${market.market}|${batch.provider}|${selectionTypeId}`;
          const value = market.prices.find((p) => p.selection === selectionTypeId)?.value ?? null;
          const line = timelines.get(id) ?? {
            key: { match, marketId: market.market, providerId: batch.provider, selectionTypeId },
            changes: [],
          };
          const last = line.changes.at(-1);
          if (last ? last.value !== value : value !== null) line.changes.push({ at, value });
          timelines.set(id, line);
        }
      }
    }
  }
  return { timelines, postponed };
}

export interface ExpectedDrop extends ReplayKey {
  name: string;
  from: number;
  to: number;
  changePct: number;
  at: string;
}

/** Drops over [now − hours, now], straight from the definition in docs/architecture.md#http-api. */
export function expectedDrops(r: Replay, now: number, hours: number): ExpectedDrop[] {
  const start = now - hours * HOUR;
  const drops: ExpectedDrop[] = [];
  for (const { key, changes } of r.timelines.values()) {
    if (r.postponed.has(key.match)) continue;
    const current = changes.at(-1);
    if (!current || current.value === null) continue;
    const before = changes.filter((c) => c.at < start).at(-1);
    const seen = changes.filter((c) => c.at >= start && c.at <= now).map((c) => c.value);
    const candidates = [before?.value ?? null, ...seen].filter((v): v is number => v !== null);
    const from = Math.max(...candidates);
    if (!(current.value < from)) continue;
    drops.push({
      ...key,
      name: MATCH_NAMES[key.match],
      from,
      to: current.value,
      changePct: Number(((current.value / from - 1) * 100).toFixed(2)),
      at: iso(current.at),
    });
  }
  return drops;
}
