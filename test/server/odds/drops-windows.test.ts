/**
 * The dropping-odds list kept up to date batch by batch (docs/architecture.md#http-api, #odds-model): the
 * windows each process holds (snapshot/price-windows.ts) follow every round of batches —
 * prices set before a window, books that withdraw and return, a match postponed and later
 * scheduled again — and answer what an independent replay of the same batches expects, on
 * the app that followed the batches and on a second app that loads them afterwards.
 */
import type { DropsDto, PriceDropDto } from '@shared/contract/odds';
import type { FeedBatch } from '../../../src/shared/contract/ingest';
import { PriceWindows } from '../../../src/server/modules/odds/snapshot/price-windows';
import type { HistoryRow } from '../../../src/server/modules/odds/history.repository';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';
import { mintToken } from './support/odds-client';
import { HOUR, T0, expectedDrops, randomSequence, replay, type ExpectedDrop } from './support/price-sequence';

const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const canonical = (d: Omit<ExpectedDrop, 'match'> | PriceDropDto) =>
  `${d.name}|${d.marketId}|${d.providerId}|${d.selectionTypeId}|${d.from}|${d.to}|${d.changePct}|${d.at}`;

const STEPS = 30;
const POSTPONE_AT = 12;
const RETURN_AT = 18;

/** The random rounds, with Manchester United scheduled again by book 1 at RETURN_AT. */
function rounds(seed: number): FeedBatch[][] {
  const batches = randomSequence(seed, STEPS, POSTPONE_AT);
  const byStep: FeedBatch[][] = [];
  for (const batch of batches) {
    const step = (Date.parse(batch.fetchedAt) - T0) / HOUR;
    if (step === RETURN_AT && batch.provider === 1) {
      const united = batch.events.find((e) => e.externalId === 'b9-2002');
      if (united) united.status = 'scheduled';
    }
    (byStep[step] ??= []).push(batch);
  }
  return byStep;
}

describe.each(databasesUnderTest())('drops kept up to date batch by batch on $name', (database) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp({}, { database, smtp: false });
  });
  afterEach(async () => t.close());

  async function expectDrops(app: TestApp, applied: readonly FeedBatch[], hours: number): Promise<number> {
    const token = await mintToken(app.app);
    const res = await app.app.inject({
      url: `/api/odds/drops?country=nigeria&hours=${hours}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const { drops } = data<DropsDto>(res.body);
    const want = expectedDrops(replay(applied), app.app.now(), hours);
    expect(drops.map(canonical).sort()).toEqual(want.map(({ match: _m, ...d }) => canonical(d)).sort());
    return drops.length;
  }

  it.each([5, 23])('seed %i: every round, on the app that followed them and on one started after', async (seed) => {
    const applied: FeedBatch[] = [];
    const listed = new Map<number, number>();
    let unitedListedAfterReturn = false;
    for (const [step, batches] of rounds(seed).entries()) {
      t.clock.advance(T0 + step * HOUR + 10 * 60_000 - t.app.now());
      await t.app.odds.ingestAll(batches, 'import');
      applied.push(...batches);
      for (const hours of [1, 6, 24])
        listed.set(hours, (listed.get(hours) ?? 0) + (await expectDrops(t, applied, hours)));
      if (step > RETURN_AT) {
        const token = await mintToken(t.app);
        const res = await t.app.inject({
          url: '/api/odds/drops?country=nigeria&hours=24',
          headers: { authorization: `Bearer ${token}` },
        });
        unitedListedAfterReturn ||= data<DropsDto>(res.body).drops.some(
          (d) => d.name === 'Manchester United vs Fulham',
        );
      }
    }
    // The sequence exercised every window and the returned match.
    for (const hours of [1, 6, 24]) expect(listed.get(hours)).toBeGreaterThan(3);
    expect(unitedListedAfterReturn).toBe(true);

    const second = await buildTestApp({}, { db: t.db, smtp: false });
    try {
      second.clock.advance(t.app.now() - second.app.now());
      for (const hours of [1, 6, 24]) await expectDrops(second, applied, hours);
    } finally {
      await second.close();
    }
  });
});

describe('PriceWindows', () => {
  const EVENT = 'evt_0000000000000001';
  let version = 0;
  const row = (at: number, value: number | null, v = (version += 1)): HistoryRow => ({
    eventId: EVENT,
    marketId: 1,
    providerId: 1,
    selectionId: 1,
    value,
    at: T0 + at * HOUR,
    version: v,
  });
  const windowsOf = (rows: HistoryRow[]) => {
    const w = new PriceWindows();
    w.load([EVENT], rows);
    return w;
  };
  const since = (h: number) => T0 + h * HOUR;

  it("names each dropped price's market, book and selection", () => {
    const w = new PriceWindows();
    const of = (marketId: number, providerId: number, selectionId: number, at: number, value: number): HistoryRow => ({
      eventId: EVENT,
      marketId,
      providerId,
      selectionId,
      value,
      at: T0 + at * HOUR,
      version: (version += 1),
    });
    w.load([EVENT], [of(8, 5, 17, 0, 3.1), of(8, 5, 17, 2, 2.9), of(2, 3, 4, 0, 1.8), of(2, 3, 4, 2, 1.7)]);
    const dropped = w.droppedSince(EVENT, since(1)).sort((a, b) => a.marketId - b.marketId);
    expect(dropped).toEqual([
      { marketId: 2, providerId: 3, selectionId: 4, value: 1.7, changedAt: since(2), windowHigh: 1.7, startValue: 1.8 },
      {
        marketId: 8,
        providerId: 5,
        selectionId: 17,
        value: 2.9,
        changedAt: since(2),
        windowHigh: 2.9,
        startValue: 3.1,
      },
    ]);
  });

  it('counts the price in force when the window began at its start', () => {
    const w = windowsOf([row(0, 2.5), row(2, 2.0)]);
    expect(w.droppedSince(EVENT, since(1))).toEqual([
      expect.objectContaining({ value: 2.0, windowHigh: 2.0, startValue: 2.5, changedAt: since(2) }),
    ]);
    // A window that starts after the last change sees nothing changed; a rise is no drop.
    expect(w.droppedSince(EVENT, since(3))).toEqual([]);
    w.apply([row(4, 2.3)]);
    expect(w.droppedSince(EVENT, since(3))).toEqual([]);
    expect(w.droppedSince(EVENT, since(1))).toEqual([
      expect.objectContaining({ value: 2.3, windowHigh: 2.3, startValue: 2.5 }),
    ]);
  });

  it('takes the highest price inside the window, not one before its start that was replaced', () => {
    const w = windowsOf([row(0, 3.0), row(1, 2.0), row(2, 2.6), row(3, 2.2)]);
    // 2.0 was in force at 1.5 h, but 2.6 inside the window outranks it: it is not kept.
    expect(w.droppedSince(EVENT, since(1.5))).toEqual([
      expect.objectContaining({ value: 2.2, windowHigh: 2.6, startValue: null }),
    ]);
    expect(w.droppedSince(EVENT, since(0.5))).toEqual([
      expect.objectContaining({ value: 2.2, windowHigh: 2.6, startValue: 3.0 }),
    ]);
  });

  it('knows a withdrawal: nothing listed while withdrawn, none in force at the start, the return counts against the price before', () => {
    const w = windowsOf([row(0, 2.5), row(1, null)]);
    expect(w.droppedSince(EVENT, since(0.5))).toEqual([]);
    w.apply([row(2, 2.2)]);
    // Withdrawn when the window began: the return is its first price, not a drop.
    expect(w.droppedSince(EVENT, since(1.5))).toEqual([]);
    expect(w.droppedSince(EVENT, since(0.5))).toEqual([
      expect.objectContaining({ value: 2.2, windowHigh: 2.2, startValue: 2.5 }),
    ]);
  });

  it('skips rows it already holds (a load and the next batch read overlap) and rows of unknown events', () => {
    const first = row(0, 2.5);
    const second = row(2, 2.0);
    const w = windowsOf([first, second]);
    w.apply([first, second, { ...row(3, 9.9), eventId: 'evt_0000000000000002' }]);
    expect(w.droppedSince(EVENT, since(1))).toEqual([
      expect.objectContaining({ value: 2.0, windowHigh: 2.0, startValue: 2.5, changedAt: since(2) }),
    ]);
    expect(w.droppedSince('evt_0000000000000002', since(0))).toEqual([]);
  });

  it('trims the events it is given only, so a caller can trim in parts', () => {
    const OTHER = 'evt_0000000000000002';
    const rows = [row(0, 3.0), row(1, 2.8), row(2, 2.6)];
    const w = new PriceWindows();
    w.load([EVENT, OTHER], [...rows, ...rows.map((r) => ({ ...r, eventId: OTHER }))]);
    expect(w.known()).toEqual([EVENT, OTHER]);
    w.trim(since(30), [EVENT]);
    // EVENT kept only its price in force, so nothing of it fell within a window; OTHER kept every mark.
    expect(w.droppedSince(EVENT, since(0))).toEqual([]);
    expect(w.droppedSince(OTHER, since(0))).toEqual([expect.objectContaining({ value: 2.6, windowHigh: 3.0 })]);
    w.trim(since(30));
    expect(w.droppedSince(OTHER, since(0))).toEqual([]);
  });

  it('trims marks no window can use but keeps the price in force, and forgets events no longer listed', () => {
    const w = windowsOf([row(0, 3.0), row(1, 2.8), row(2, 2.6)]);
    w.trim(since(30));
    w.apply([row(31, 2.4)]);
    expect(w.droppedSince(EVENT, since(30.5))).toEqual([
      expect.objectContaining({ value: 2.4, windowHigh: 2.4, startValue: 2.6 }),
    ]);
    w.forgetExcept(() => false);
    expect(w.knows(EVENT)).toBe(false);
  });
});
