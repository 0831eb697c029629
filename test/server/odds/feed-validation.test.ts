import { readFileSync } from 'node:fs';
import path from 'node:path';
import { feedJsonSchema } from '../../../src/shared/contract/ingest';
import { InvalidBatchError, fieldOf, validateBatch } from '../../../src/server/modules/odds/feed/feed-validation';
import { goodBatch } from './support/batches';

// Tests break batches on purpose, in ways the types forbid.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

function problems(batch: unknown) {
  try {
    validateBatch(batch);
  } catch (error) {
    if (error instanceof InvalidBatchError) return error.details;
    throw error;
  }
  return [];
}

describe('feed batch validation', () => {
  it('accepts the batch of docs/architecture.md#odds-model', () => {
    const batch = {
      provider: 1,
      country: 1,
      fetchedAt: '2026-11-21T12:00:00Z',
      events: [
        {
          externalId: 'b9-1001',
          competition: 1,
          home: 'Arsenal',
          away: 'Chelsea',
          kickoff: '2026-11-28T15:00:00Z',
          markets: [
            {
              market: 1,
              prices: [
                { selection: 1, value: 2.1, boosted: false },
                { selection: 2, value: 3.4 },
                { selection: 3, value: 3.2 },
              ],
            },
          ],
        },
      ],
    };
    expect(validateBatch(batch)).toBe(batch);
    expect(problems(goodBatch())).toEqual([]);
  });

  it.each([
    ['an unknown top-level field', (b: Loose) => (b.source = 'x'), 'source', 'is not a known field'],
    [
      'an unknown price field',
      (b: Loose) => (b.events[0].markets[0].prices[0].odds = 2),
      'events[0].markets[0].prices[0].odds',
      'is not a known field',
    ],
    [
      'a regular price beside a price that is not boosted',
      (b: Loose) => (b.events[0].markets[0].prices[0].regularValue = 1.7),
      'events[0].markets[0].prices[0].regularValue',
      'is only allowed beside a boosted price ("boosted": true)',
    ],
    [
      'a regular price at or above its boosted price',
      (b: Loose) => Object.assign(b.events[0].markets[0].prices[0], { boosted: true, regularValue: 1.83 }),
      'events[0].markets[0].prices[0].regularValue',
      'must be below value (1.83), the boosted price',
    ],
    [
      'a regular price of 1.0',
      (b: Loose) => Object.assign(b.events[0].markets[0].prices[0], { boosted: true, regularValue: 1 }),
      'events[0].markets[0].prices[0].regularValue',
      'must be a finite decimal price above 1.0',
    ],
    [
      'a price of 1.0',
      (b: Loose) => (b.events[0].markets[0].prices[0].value = 1),
      'events[0].markets[0].prices[0].value',
      'must be a finite decimal price above 1.0',
    ],
    [
      'a price sent as a string',
      (b: Loose) => (b.events[0].markets[0].prices[0].value = '2.10'),
      'events[0].markets[0].prices[0].value',
      undefined,
    ],
    [
      'an infinite price',
      (b: Loose) => (b.events[0].markets[0].prices[0].value = Infinity),
      'events[0].markets[0].prices[0].value',
      undefined,
    ],
    [
      'NaN',
      (b: Loose) => (b.events[0].markets[0].prices[0].value = NaN),
      'events[0].markets[0].prices[0].value',
      undefined,
    ],
    ['an unknown provider', (b: Loose) => (b.provider = 6), 'provider', 'must be one of 1, 2, 3, 4, 5'],
    ['an unknown country', (b: Loose) => (b.country = 9), 'country', 'must be one of 1, 2, 3'],
    ['an unknown competition', (b: Loose) => (b.events[0].competition = 5), 'events[0].competition', undefined],
    ['an unknown market', (b: Loose) => (b.events[0].markets[0].market = 9), 'events[0].markets[0].market', undefined],
    [
      'a selection of another market',
      (b: Loose) => (b.events[0].markets[0].prices[0].selection = 4),
      'events[0].markets[0].prices[0].selection',
      'does not belong to market 1 (1X2: 1, 2, 3)',
    ],
    [
      'a selection priced twice',
      (b: Loose) => (b.events[0].markets[0].prices[1].selection = 1),
      'events[0].markets[0].prices[1].selection',
      'is priced twice in this market',
    ],
    [
      'a market listed twice',
      (b: Loose) => b.events[0].markets.push(b.events[0].markets[0]),
      'events[0].markets[2].market',
      'is listed twice in this event',
    ],
    [
      'a repeated external id',
      (b: Loose) => (b.events[1].externalId = b.events[0].externalId),
      'events[1].externalId',
      'repeats events[0].externalId',
    ],
    [
      'a team against itself',
      (b: Loose) => (b.events[0].away = 'ARSENAL FC'),
      'events[0].away',
      'must be a different team from home',
    ],
    ['a blank team', (b: Loose) => (b.events[0].home = '   '), 'events[0].home', 'must be a non-blank string'],
    [
      'a kick-off that is not a date-time',
      (b: Loose) => (b.events[0].kickoff = '28/11/2026 15:00'),
      'events[0].kickoff',
      'must be an RFC 3339 date-time, e.g. 2026-11-28T15:00:00Z',
    ],
    ['a missing fetchedAt', (b: Loose) => delete b.fetchedAt, 'fetchedAt', undefined],
  ])('rejects %s with its path', (_name, mutate, field, message) => {
    const batch = goodBatch();
    mutate(batch);
    const found = problems(batch);
    expect(found.length).toBeGreaterThan(0);
    const hit = found.find((d) => d.field === field);
    expect(hit).toBeDefined();
    if (message) expect(hit?.message).toBe(message);
  });

  it('rejects what is not a batch at all', () => {
    for (const value of [null, 'x', 42, [], [goodBatch()]]) expect(problems(value).length).toBeGreaterThan(0);
  });

  it('caps the number of problems it reports', () => {
    const batch = goodBatch();
    for (const e of batch.events)
      for (const m of e.markets) for (const p of m.prices) (p as { value: number }).value = 0.5;
    expect(problems(batch).length).toBeLessThanOrEqual(20);
  });

  it('turns JSON pointers into readable paths', () => {
    expect(fieldOf('/events/0/markets/1/market')).toBe('events[0].markets[1].market');
    expect(fieldOf('')).toBe('batch');
  });
});

describe('published JSON Schema', () => {
  it('is docs/feed-schema.json, generated from the schema the server validates with', () => {
    const published = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/feed-schema.json'), 'utf8'));
    // Out of date? Run: node --import tsx scripts/odds-feed-schema.ts
    expect(published).toEqual(feedJsonSchema());
  });
});
