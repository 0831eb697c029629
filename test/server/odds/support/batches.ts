/**
 * Feed batches for tests, priced from real 2024/25 closing prices (football-data files):
 * Arsenal v Chelsea and Man United v Fulham lines as Bet365, Pinnacle and 1xBet quoted them.
 */
import type { FeedBatch } from '../../../../src/shared/contract/ingest';

export const KICKOFF_1 = '2030-03-16T13:30:00Z';
export const KICKOFF_2 = '2030-03-16T16:00:00Z';

/** The moment these batches were fetched: tests run the app's clock from here. */
export const FIXTURE_NOW = Date.parse('2030-03-10T12:00:00Z');

/**
 * Feeds may date nothing further than a year from now (docs/architecture.md#accounts): for a process whose clock a
 * test cannot set (a child process), the batch is moved so that FIXTURE_NOW becomes now.
 */
export function nearNow(batch: FeedBatch, now = Date.now()): FeedBatch {
  const shift = (iso: string) => new Date(Date.parse(iso) - FIXTURE_NOW + now).toISOString();
  return {
    ...batch,
    fetchedAt: shift(batch.fetchedAt),
    events: batch.events.map((event) => ({ ...event, kickoff: shift(event.kickoff) })),
  };
}

/** A clock that runs from FIXTURE_NOW at real speed. */
export function fixtureClock(): () => number {
  const offset = FIXTURE_NOW - Date.now();
  return () => Date.now() + offset;
}

type Overrides = Partial<Omit<FeedBatch, 'events'>> & { events?: FeedBatch['events'] };

/** Two Premier League events, 1X2 and over/under 2.5, from one provider. */
export function goodBatch(overrides: Overrides = {}): FeedBatch {
  return {
    provider: 1,
    country: 1,
    fetchedAt: '2030-03-10T12:00:00Z',
    events: [
      {
        externalId: 'b9-2001',
        competition: 1,
        home: 'Arsenal',
        away: 'Chelsea',
        kickoff: KICKOFF_1,
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: 1.83 },
              { selection: 2, value: 3.6 },
              { selection: 3, value: 4.2 },
            ],
          },
          {
            market: 4,
            prices: [
              { selection: 8, value: 2.0 },
              { selection: 9, value: 1.8 },
            ],
          },
        ],
      },
      {
        externalId: 'b9-2002',
        competition: 1,
        home: 'Man United',
        away: 'Fulham',
        kickoff: KICKOFF_2,
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: 1.6 },
              { selection: 2, value: 4.2 },
              { selection: 3, value: 5.25 },
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** The same two matches from another provider, under other names, kick-off a few minutes apart. */
export function otherProviderBatch(overrides: Overrides = {}): FeedBatch {
  return {
    provider: 5,
    country: 1,
    fetchedAt: '2030-03-10T12:00:00Z',
    events: [
      {
        externalId: '1x-77',
        competition: 1,
        home: 'Arsenal FC',
        away: 'Chelsea FC',
        kickoff: '2030-03-16T13:35:00Z',
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: 1.86 },
              { selection: 2, value: 3.6 },
              { selection: 3, value: 4.45 },
            ],
          },
        ],
      },
      {
        externalId: '1x-78',
        competition: 1,
        home: 'Manchester Utd',
        away: 'Fulham',
        kickoff: KICKOFF_2,
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: 1.68 },
              { selection: 2, value: 4.32 },
              { selection: 3, value: 5.03 },
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}
