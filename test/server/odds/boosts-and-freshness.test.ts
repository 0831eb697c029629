import { OddsFlag } from '@shared/lookups';
import type { OddsListDto, SummaryDto } from '@shared/contract/odds';
import type { FeedBatch } from '../../../src/shared/contract/ingest';
import { ingestBatch } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { OddsSnapshot } from '../../../src/server/modules/odds/snapshot/odds-snapshot';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { FIXTURE_NOW, goodBatch } from './support/batches';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function data<T>(entry: { body: Buffer } | undefined): T {
  return (JSON.parse(entry?.body.toString() ?? '{}') as { data: T }).data;
}

/** goodBatch with Arsenal's home price (1.83 regularly) replaced. */
function homePrice(provider: number, price: FeedBatch['events'][number]['markets'][number]['prices'][number], at = 0) {
  const batch = goodBatch({ provider, fetchedAt: iso(FIXTURE_NOW + at) });
  batch.events[0]!.markets[0]!.prices[0] = price;
  return batch;
}

describe.each(databasesUnderTest())('boosts, movement and freshness on $name', (target) => {
  let database: TestDatabase;
  let snapshot: OddsSnapshot;
  let clock = FIXTURE_NOW;
  const now = () => clock;
  const ingest = (batch: FeedBatch) => ingestBatch(database.db, batch, { source: 'import', now });
  const list = () => data<OddsListDto>(snapshot.odds(1, 1, 1));
  const arsenal = () => list().events.find((e) => e.name === 'Arsenal vs Chelsea')?.markets[0]?.odds ?? [];

  beforeEach(async () => {
    clock = FIXTURE_NOW;
    database = await createTestDatabase(target);
    snapshot = new OddsSnapshot(database.db, { now });
  });
  afterEach(async () => {
    snapshot.close();
    await database.drop();
  });

  it('computes margins on regular prices: a boost never makes a margin negative', async () => {
    // 1.83 / 3.6 / 4.2 is a 6.23 % book; boosted to 2.30 the same prices would read −4.92 %.
    await ingest(homePrice(1, { selection: 1, value: 2.3, boosted: true, regularValue: 1.83 }));
    await ingest(homePrice(2, { selection: 1, value: 2.3, boosted: true }));
    await ingest(homePrice(3, { selection: 1, value: 1.83 }));
    await snapshot.rebuild();
    const stored = await database.db
      .selectFrom('current_prices')
      .select(['provider_id', 'regular_value'])
      .where('selection_id', '=', 1)
      .where('boosted', '=', 1)
      .orderBy('provider_id')
      .execute();
    expect(
      stored.map((r) => [Number(r.provider_id), r.regular_value === null ? null : Number(r.regular_value)]),
    ).toEqual([
      [1, 1.83],
      [2, null],
    ]);
    const [p1, p2, p3] = arsenal();
    expect(p1).toMatchObject({ providerId: 1, margin: 6.23 });
    expect(p1).not.toHaveProperty('marginPartial');
    expect(p1?.odds[0]).toMatchObject({ value: 2.3, flags: OddsFlag.Boosted | OddsFlag.Best });
    // The regular price is unknown: the boosted selection is left out and the margin is unknown.
    expect(p2).toMatchObject({ providerId: 2, margin: null, marginPartial: true });
    expect(p2?.odds[0]).toMatchObject({ value: 2.3, flags: OddsFlag.Boosted | OddsFlag.Best });
    expect(p3).toMatchObject({ providerId: 3, margin: 6.23, odds: [{ value: 1.83, flags: 0 }, {}, {}] });
    for (const row of list().events.flatMap((e) => e.markets.flatMap((m) => m.odds))) {
      expect(row.margin === null || row.margin >= 0).toBe(true);
    }

    // The boost ends: its regular price goes with it, and the margin is whole again.
    clock += MINUTE;
    await ingest(homePrice(2, { selection: 1, value: 1.83 }, MINUTE));
    await snapshot.rebuild();
    expect(arsenal()[1]).toMatchObject({ providerId: 2, margin: 6.23 });
    expect(arsenal()[1]).not.toHaveProperty('marginPartial');
  });

  it('stores a regular price that becomes known without adding a history row', async () => {
    await ingest(homePrice(1, { selection: 1, value: 2.3, boosted: true }));
    await ingest(homePrice(1, { selection: 1, value: 2.3, boosted: true, regularValue: 1.9 }));
    await snapshot.rebuild();
    expect(arsenal()[0]).toMatchObject({ margin: round((1 / 1.9 + 1 / 3.6 + 1 / 4.2 - 1) * 100) });
    const history = await database.db
      .selectFrom('price_history')
      .innerJoin('events', 'events.id', 'price_history.event_id')
      .select('price_history.value')
      .where('events.home', '=', 'Arsenal')
      .where('price_history.market_id', '=', 1)
      .where('price_history.selection_id', '=', 1)
      .execute();
    expect(history.map((h) => Number(h.value))).toEqual([2.3]);
  });

  it('gives a moved price what it was and when it changed; arrows only within 60 minutes', async () => {
    await ingest(homePrice(1, { selection: 1, value: 1.83 }));
    await snapshot.rebuild();
    expect(arsenal()[0]?.odds[0]).toEqual({ selectionTypeId: 1, value: 1.83, flags: OddsFlag.Best });

    clock += 10 * MINUTE;
    await ingest(homePrice(1, { selection: 1, value: 1.95 }, 10 * MINUTE));
    clock += 5 * MINUTE;
    await snapshot.rebuild();
    const moved = {
      selectionTypeId: 1,
      value: 1.95,
      was: 1.83,
      changedAt: iso(FIXTURE_NOW + 10 * MINUTE),
    };
    expect(arsenal()[0]?.odds[0]).toEqual({ ...moved, flags: OddsFlag.Increased | OddsFlag.Best });
    // Unchanged prices carry neither field.
    expect(arsenal()[0]?.odds[1]).toEqual({ selectionTypeId: 2, value: 3.6, flags: OddsFlag.Best });

    // 60 minutes after the change the arrow is gone; what it was and when stay. No book was read
    // for an hour: every row is stale, shown but never Best.
    clock = FIXTURE_NOW + 70 * MINUTE;
    await snapshot.rebuild();
    expect(arsenal()[0]?.odds[0]).toEqual({ ...moved, flags: 0 });
    expect(arsenal()[0]?.stale).toBe(true);

    clock += MINUTE;
    await ingest(homePrice(1, { selection: 1, value: 1.8 }, 71 * MINUTE));
    await snapshot.rebuild();
    expect(arsenal()[0]?.odds[0]).toEqual({
      selectionTypeId: 1,
      value: 1.8,
      was: 1.95,
      changedAt: iso(FIXTURE_NOW + 71 * MINUTE),
      flags: OddsFlag.Decreased | OddsFlag.Best,
    });
  });

  it('dates each country by its latest change or confirmation, unchanged batches included', async () => {
    await snapshot.rebuild();
    expect(list().updatedAt).toBeNull();
    expect(data<SummaryDto>(snapshot.summary(1)).updatedAt).toBeNull();

    await ingest(goodBatch());
    await snapshot.rebuild();
    expect(list().updatedAt).toBe(iso(FIXTURE_NOW));

    // The same prices again, read five minutes later: nothing changed, but they were confirmed.
    clock += 5 * MINUTE;
    const confirmation = await ingest(goodBatch({ fetchedAt: iso(clock) }));
    expect(confirmation.prices.changed).toBe(0);
    await snapshot.rebuild();
    const expected = iso(FIXTURE_NOW + 5 * MINUTE);
    expect(list().updatedAt).toBe(expected);
    expect(data<SummaryDto>(snapshot.summary(1)).updatedAt).toBe(expected);
    expect(data<OddsListDto>(snapshot.sample(1)).updatedAt).toBe(expected);

    // A batch read earlier, applied later, does not move it back; another country is untouched.
    await ingest(goodBatch({ provider: 2, fetchedAt: iso(FIXTURE_NOW + MINUTE) }));
    await snapshot.rebuild();
    expect(list().updatedAt).toBe(expected);
    expect(data<SummaryDto>(snapshot.summary(2)).updatedAt).toBeNull();
  });
});

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
