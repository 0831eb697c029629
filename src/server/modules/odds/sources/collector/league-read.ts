/**
 * One read of one league (all its pages) turned into one batch — the step the collector and
 * a replay share, so a recording gives exactly what the live read gave.
 */
import type { BookAdapter, FeedBatch, ParseResult, Problem } from '../source-types';

export interface LeagueRead {
  ok: boolean;
  batch: FeedBatch;
  problems: Problem[];
  events: number;
  prices: number;
  /** Why the read failed (the problems of the first unusable page). */
  error: string | null;
  /**
   * Books with a per-event call: events of this read whose per-event markets (Bet9ja both teams
   * to score, NairaBet totals and both teams to score) are missing from it because the call was
   * not made this poll (allowance spent) or failed — not because the book stopped offering them.
   */
  eventsWithoutDetail?: string[];
}

export function describeProblems(problems: readonly Problem[]): string {
  return problems
    .map((p) => `${p.code}${p.count > 1 ? ` ×${p.count}` : ''}${p.examples[0] ? ` (${p.examples[0]})` : ''}`)
    .join('; ');
}

/** Pages of one league in page order → one batch (events deduplicated by id, first page wins). */
export function combinePages(adapter: BookAdapter, pages: readonly ParseResult[]): LeagueRead {
  const failed = pages.find((p) => !p.ok);
  const first = pages[0];
  if (!first || failed) {
    return {
      ok: false,
      batch: first?.batch ?? {
        provider: adapter.provider as FeedBatch['provider'],
        country: adapter.country as FeedBatch['country'],
        fetchedAt: new Date(0).toISOString(),
        events: [],
      },
      problems: failed?.problems ?? [],
      events: 0,
      prices: 0,
      error: failed
        ? describeProblems(failed.problems.filter((p) => !COUNTED.has(p.code))) || 'unusable answer'
        : 'no answer',
    };
  }
  const seen = new Set<string>();
  const events: FeedBatch['events'] = [];
  for (const page of pages) {
    for (const event of page.batch.events) {
      if (seen.has(event.externalId)) continue;
      seen.add(event.externalId);
      events.push(event);
    }
  }
  const prices = events.reduce((n, e) => n + e.markets.reduce((m, k) => m + k.prices.length, 0), 0);
  return {
    ok: true,
    batch: { ...first.batch, events },
    problems: pages.flatMap((p) => p.problems),
    events: events.length,
    prices,
    error: null,
  };
}

/** Problems that count skipped items inside a usable answer (not why an answer failed). */
const COUNTED = new Set([
  'malformed-item',
  'pseudo-event',
  'missing-team',
  'bad-kickoff',
  'duplicate-event',
  'unknown-market',
  'bad-price',
  'placeholder-price',
  'suspended',
  'line-ignored',
]);
