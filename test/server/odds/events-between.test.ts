/**
 * The matcher's candidates (`findEventsBetween`) are read a page at a time: every event of the
 * country's competitions within the range comes back once, by kick-off then id, however the pages
 * fall (many events share a kick-off, and pages end in the middle of them), and none outside it.
 */
import { COMPETITIONS } from '@shared/lookups';
import { SLICE_MS, nextTurn } from '../../../src/server/core/event-loop';
import {
  EVENTS_BETWEEN_PAGE,
  type EventRow,
  findEventsBetween,
  insertEvents,
} from '../../../src/server/modules/odds/events.repository';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';

const T0 = Date.parse('2030-03-10T12:00:00Z');
const HOUR = 3600_000;
const [first, second] = COMPETITIONS;

function event(n: number, competitionId: number, kickoffAt: number, countryId = 1): EventRow {
  return {
    id: `evt_${n.toString(16).padStart(16, '0')}`,
    country_id: countryId,
    competition_id: competitionId,
    home: `Home ${n}`,
    away: `Away ${n}`,
    home_key: `home ${n}`,
    away_key: `away ${n}`,
    kickoff_at: kickoffAt,
    sportradar_id: null,
    status: 'scheduled',
    source: 'live',
    created_at: T0,
    updated_at: T0,
  };
}

describe.each(databasesUnderTest())('findEventsBetween on $name', (target) => {
  let test: TestDatabase;
  /** 30 events of the first competition, five per kick-off (ids given out of kick-off order), 10 of the second. */
  const rows: EventRow[] = [];

  beforeAll(async () => {
    if (!first || !second) throw new Error('fewer than two competitions');
    test = await createTestDatabase(target);
    for (let n = 0; n < 30; n += 1) rows.push(event(1000 - n, first.id, T0 + Math.floor(n / 5) * HOUR));
    for (let n = 0; n < 10; n += 1) rows.push(event(2000 + n, second.id, T0 + n * HOUR));
    // Another country's event at the same time, and events outside the range.
    rows.push(event(3000, first.id, T0, 2));
    rows.push(event(3001, first.id, T0 - HOUR));
    rows.push(event(3002, first.id, T0 + 20 * HOUR));
    await insertEvents(test.db, rows);
  });

  afterAll(async () => {
    await test.drop();
  });

  const expected = (competitions: number[], from: number, to: number) =>
    rows
      .filter(
        (r) =>
          r.country_id === 1 && competitions.includes(r.competition_id) && r.kickoff_at >= from && r.kickoff_at <= to,
      )
      .sort((a, b) => a.kickoff_at - b.kickoff_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => r.id);

  it.each([1, 2, 3, 5, 7, 40, EVENTS_BETWEEN_PAGE])(
    'pages of %i: each event within the range once, in order',
    async (page) => {
      const from = T0;
      const to = T0 + 9 * HOUR;
      const found = await findEventsBetween(test.db, 1, [first!.id, second!.id], from, to, page);
      expect(found.map((r) => r.id)).toEqual(expected([first!.id, second!.id], from, to));
      expect(found).toHaveLength(40);
    },
  );

  it('keeps to the competitions asked for and the bounds, both inclusive', async () => {
    const from = T0 + HOUR;
    const to = T0 + 3 * HOUR;
    const found = await findEventsBetween(test.db, 1, [first!.id], from, to, 4);
    expect(found.map((r) => r.id)).toEqual(expected([first!.id], from, to));
    expect(found).toHaveLength(15);
    expect(found.every((r) => Number(r.kickoff_at) >= from && Number(r.kickoff_at) <= to)).toBe(true);
  });

  it('gives the event loop a turn between two pages once the work has held it for a slice', async () => {
    await nextTurn();
    const order: string[] = [];
    setImmediate(() => order.push('turn'));
    // Work before the read that holds the event loop longer than a slice: the first page ends it.
    const until = performance.now() + SLICE_MS + 1;
    while (performance.now() < until);
    const read = findEventsBetween(test.db, 1, [first!.id, second!.id], T0, T0 + 9 * HOUR, 5).then((found) =>
      order.push(`read ${found.length}`),
    );
    await read;
    // On SQLite every statement runs synchronously: without the turn, the read would finish first.
    expect(order).toEqual(['turn', 'read 40']);
  });

  it('reads nothing for no competitions or an empty range', async () => {
    expect(await findEventsBetween(test.db, 1, [], T0, T0 + HOUR)).toEqual([]);
    expect(await findEventsBetween(test.db, 1, [first!.id], T0 + 0.5 * HOUR, T0 + 0.9 * HOUR, 2)).toEqual([]);
  });
});
