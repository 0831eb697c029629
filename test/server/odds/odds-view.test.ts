import { OddsFlag } from '@shared/lookups';
import type { CurrentPrice } from '../../../src/server/modules/odds/current-price';
import { mergeWritten, storedEvent } from '../../../src/server/modules/odds/snapshot/stored-event';
import { createRandom } from '../../../src/server/modules/odds/demo/prng';
import type { UpcomingEvent as ViewEvent } from '../../../src/server/modules/odds/upcoming-event';
import {
  DEFAULT_MOVEMENT_WINDOW_MS,
  buildEventsView,
  eventView,
  oddsFor,
  sampleOf,
  summaryOf,
  wireDate,
} from '../../../src/server/modules/odds/snapshot/odds-view';

const NOW = Date.parse('2030-03-10T12:00:00Z');
const HOUR = 3600_000;
const MINUTE = 60_000;

const event = (id: string, kickoffAt: number, competitionId = 1): ViewEvent => ({
  id,
  countryId: 1,
  competitionId,
  home: `Home ${id}`,
  away: `Away ${id}`,
  kickoffAt,
  source: 'live',
});

function price(
  eventId: string,
  marketId: number,
  providerId: number,
  selectionId: number,
  value: number | null,
  extra: Partial<CurrentPrice> = {},
): CurrentPrice {
  return {
    eventId,
    marketId,
    providerId,
    selectionId,
    value,
    previousValue: null,
    changedAt: NOW - 24 * HOUR,
    boosted: false,
    regularValue: null,
    ...extra,
  };
}

const book = (eventId: string, marketId: number, providerId: number, selections: number[], values: (number | null)[]) =>
  selections.map((s, i) => price(eventId, marketId, providerId, s, values[i] ?? null));

/** Prices by market, as the snapshot holds an event's. */
function byMarket(prices: readonly CurrentPrice[]): Map<number, CurrentPrice[]> {
  const markets = new Map<number, CurrentPrice[]>();
  for (const p of prices) markets.set(p.marketId, [...(markets.get(p.marketId) ?? []), p]);
  return markets;
}

describe('odds view', () => {
  it('computes hand-checked margins, with double chance halved and null for a missing selection', () => {
    const view = buildEventsView(
      [event('e1', NOW + HOUR)],
      [
        ...book('e1', 1, 1, [1, 2, 3], [2.1, 3.4, 3.5]), // 5.60 %
        ...book('e1', 1, 2, [1, 2, 3], [2.2, null, 3.3]), // missing draw → null
        ...book('e1', 8, 1, [16, 17, 18], [1.25, 1.3, 1.9]), // (0.8 + 0.76923 + 0.52632)/2 → 4.78 %
      ],
      NOW,
    );
    const [e] = view.events;
    const x12 = e?.markets.find((m) => m.marketId === 1);
    expect(x12?.odds.map((r) => r.margin)).toEqual([5.6, null]);
    expect(e?.markets.find((m) => m.marketId === 8)?.odds[0]?.margin).toBe(4.78);
    // Every provider row lists every selection of the market, in order, null when missing.
    expect(x12?.odds[1]?.odds).toEqual([
      { selectionTypeId: 1, value: 2.2, flags: OddsFlag.Best },
      { selectionTypeId: 2, value: null, flags: 0 },
      { selectionTypeId: 3, value: 3.3, flags: 0 },
    ]);
  });

  it('marks Best on every tied maximum and only there', () => {
    const view = buildEventsView(
      [event('e1', NOW + HOUR)],
      [
        ...book('e1', 4, 1, [8, 9], [2.0, 1.8]),
        ...book('e1', 4, 2, [8, 9], [2.0, 1.75]),
        ...book('e1', 4, 3, [8, 9], [1.95, 1.8]),
      ],
      NOW,
    );
    const rows = view.events[0]?.markets[0]?.odds ?? [];
    expect(rows.map((r) => r.odds.map((o) => o.flags & OddsFlag.Best))).toEqual([
      [8, 8],
      [8, 0],
      [0, 8],
    ]);
  });

  it('shows Increased/Decreased only while the last change is younger than the window', () => {
    const prices = [
      price('e1', 1, 1, 1, 2.2, { previousValue: 2.1, changedAt: NOW - 10 * MINUTE }),
      price('e1', 1, 1, 2, 3.3, { previousValue: 3.4, changedAt: NOW - 50 * MINUTE }),
      price('e1', 1, 1, 3, 3.6, { previousValue: 3.5, changedAt: NOW - DEFAULT_MOVEMENT_WINDOW_MS }),
    ];
    const flags = (at: number) =>
      buildEventsView([event('e1', NOW + 48 * HOUR)], prices, at).events[0]?.markets[0]?.odds[0]?.odds.map(
        (o) => o.flags & ~OddsFlag.Best,
      );
    expect(DEFAULT_MOVEMENT_WINDOW_MS).toBe(HOUR);
    expect(flags(NOW)).toEqual([OddsFlag.Increased, OddsFlag.Decreased, 0]);
    expect(flags(NOW + 20 * MINUTE)).toEqual([OddsFlag.Increased, 0, 0]);
    expect(flags(NOW + 50 * MINUTE)).toEqual([0, 0, 0]);
    // The snapshot is told when the next flag ages out.
    expect(buildEventsView([event('e1', NOW + 48 * HOUR)], prices, NOW).nextChangeAt).toBe(
      NOW - 50 * MINUTE + DEFAULT_MOVEMENT_WINDOW_MS,
    );
  });

  it('passes Boosted through from the feed, combined with the other bits', () => {
    const view = buildEventsView(
      [event('e1', NOW + HOUR)],
      [
        price('e1', 1, 1, 1, 2.5, { boosted: true, previousValue: 2.2, changedAt: NOW - 30 * MINUTE }),
        ...book('e1', 1, 1, [2, 3], [3.4, 3.2]),
      ],
      NOW,
    );
    expect(view.events[0]?.markets[0]?.odds[0]?.odds[0]?.flags).toBe(
      OddsFlag.Boosted | OddsFlag.Increased | OddsFlag.Best,
    );
  });

  it('lists only upcoming events with prices, by kick-off, in the wire shape', () => {
    const view = buildEventsView(
      [
        event('late', NOW + 5 * HOUR),
        event('past', NOW - HOUR),
        event('soon', NOW + HOUR),
        event('empty', NOW + 2 * HOUR),
      ],
      [
        ...book('late', 1, 1, [1, 2, 3], [2, 3, 4]),
        ...book('past', 1, 1, [1, 2, 3], [2, 3, 4]),
        ...book('soon', 1, 1, [1, 2, 3], [2, 3, 4]),
        ...book('empty', 1, 1, [1, 2, 3], [null, null, null]),
      ],
      NOW,
    );
    expect(view.events.map((e) => e.id)).toEqual(['soon', 'late']);
    expect(view.events[0]).toMatchObject({
      name: 'Home soon vs Away soon',
      date: wireDate(NOW + HOUR),
      competitionId: 1,
    });
    expect(wireDate(Date.parse('2026-11-28T15:00:00Z'))).toBe('2026-11-28T15:00:00Z');
    // Alternating times, each written as its own (the last one written is kept apart).
    for (const text of [
      '2026-11-28T15:00:00Z',
      '2026-11-28T15:00:01.500Z',
      '2026-11-28T15:00:01.500Z',
      '2026-11-28T15:00:00Z',
      '2030-01-01T00:00:00Z',
    ])
      expect(wireDate(Date.parse(text))).toBe(text);
  });

  it('filters by competition and market, samples ≤ 5 soonest with 1X2 only, and counts the summary', () => {
    const events = Array.from({ length: 7 }, (_, i) => event(`e${i}`, NOW + (7 - i) * HOUR, i % 2 ? 2 : 1));
    const prices = events.flatMap((e) => [
      ...book(e.id, 1, 1, [1, 2, 3], [2, 3, 4]),
      ...book(e.id, 1, 2, [1, 2, 3], [2.1, null, 4]),
      ...book(e.id, 7, 3, [14, 15], [1.8, 1.9]),
    ]);
    const view = buildEventsView(events, prices, NOW);
    const sample = sampleOf(view.events);
    expect(sample.map((e) => e.id)).toEqual(['e6', 'e5', 'e4', 'e3', 'e2']);
    expect(sample.every((e) => e.markets.length === 1 && e.markets[0]?.marketId === 1)).toBe(true);
    const btts = oddsFor(view.events, 2, 7);
    expect(btts.map((e) => e.id)).toEqual(['e5', 'e3', 'e1']);
    expect(btts[0]?.markets.map((m) => m.marketId)).toEqual([7]);
    expect(summaryOf(view.events, 'demo', '2026-11-24T10:00:00Z')).toEqual({
      competitionIds: [1, 2],
      marketIds: [1, 7],
      numEvents: 7,
      numBookmakers: 3,
      numOdds: 7 * (3 + 2 + 2),
      source: 'demo',
      updatedAt: '2026-11-24T10:00:00Z',
    });
  });

  it('property: for random prices, Best marks exactly the maxima and margins match an independent formula', () => {
    const random = createRandom(20301);
    for (let round = 0; round < 200; round += 1) {
      const marketId = random.pick([1, 4, 7, 8]);
      const selections = { 1: [1, 2, 3], 4: [8, 9], 7: [14, 15], 8: [16, 17, 18] }[marketId] as number[];
      const providers = random.int(1, 5);
      const values = Array.from({ length: providers }, () =>
        selections.map(() => (random.chance(0.1) ? null : Math.round((1.01 + random.next() * 9) * 100) / 100)),
      );
      // Force ties now and then.
      if (providers > 1 && random.chance(0.5)) values[1] = [...(values[0] as (number | null)[])];
      const prices = values.flatMap((row, p) => book('e', marketId, p + 1, selections, row));
      const market = buildEventsView([event('e', NOW + HOUR)], prices, NOW).events[0]?.markets[0];
      if (!values.some((row) => row.some((v) => v !== null))) {
        expect(market).toBeUndefined();
        continue;
      }
      selections.forEach((_, s) => {
        const column = values.map((row) => row[s] ?? null);
        const max = Math.max(...column.map((v) => v ?? -1));
        market?.odds.forEach((row, p) => {
          const isBest = (row.odds[s]?.flags ?? 0) & OddsFlag.Best;
          expect(Boolean(isBest)).toBe(column[p] !== null && column[p] === max);
        });
      });
      market?.odds.forEach((row, p) => {
        const rowValues = values[p] as (number | null)[];
        const complete = rowValues.every((v) => v !== null);
        const k = marketId === 8 ? 2 : 1;
        const overround = complete ? (rowValues.reduce((s, v) => s + 1 / (v as number), 0) / k - 1) * 100 : null;
        if (overround === null) expect(row.margin).toBeNull();
        else expect(row.margin).toBeCloseTo(overround, 2);
      });
    }
  });

  it('computing again only the changed markets gives the whole view, past a withdrawn market kept as it was', () => {
    const e = event('e1', NOW + 2 * HOUR);
    const never = () => false;
    // 1X2 and BTTS priced; OU2.5 (between them in the markets' order) withdrawn: stored, not shown.
    const before = [
      ...book('e1', 1, 1, [1, 2, 3], [2.1, 3.3, 3.6]),
      ...book('e1', 4, 1, [8, 9], [null, null]),
      ...book('e1', 7, 1, [14, 15], [1.8, 2.0]),
    ];
    const agesOut = new Map<number, number>();
    const first = eventView(e, byMarket(before), agesOut, NOW, DEFAULT_MOVEMENT_WINDOW_MS, never);
    expect(first.dto?.markets.map((m) => m.marketId)).toEqual([1, 7]);

    // Only 1X2 moved: OU2.5 and BTTS are kept as they were.
    const moved = price('e1', 1, 1, 2, 3.4, { previousValue: 3.3, changedAt: NOW - 5 * MINUTE });
    const after = before.map((p) => (p.marketId === 1 && p.selectionId === 2 ? moved : p));
    const again = eventView(e, byMarket(after), agesOut, NOW, DEFAULT_MOVEMENT_WINDOW_MS, never, {
      dto: first.dto!,
      changed: new Set([1]),
    });
    const whole = eventView(e, byMarket(after), new Map(), NOW, DEFAULT_MOVEMENT_WINDOW_MS, never);
    expect(again).toEqual(whole);
    expect(again.dto?.markets.map((m) => m.marketId)).toEqual([1, 7]);
    expect(again.dto?.markets[1]).toBe(first.dto?.markets[1]);
    // The moved price's flag ages out an hour after it moved.
    expect(again.nextChangeAt).toBe(NOW - 5 * MINUTE + DEFAULT_MOVEMENT_WINDOW_MS);
  });

  it("keeps a recomputed market's rows that show the same, and the market itself when nothing moved", () => {
    const e = event('e1', NOW + 2 * HOUR);
    // Book 1 best on the home win and the draw, book 2 on the away win.
    const prices = [...book('e1', 1, 1, [1, 2, 3], [2.1, 3.4, 3.5]), ...book('e1', 1, 2, [1, 2, 3], [2.0, 3.3, 3.6])];
    let stale = (_providerId: number) => false;
    const view = (list: CurrentPrice[], previous?: ReturnType<typeof eventView>['dto']) =>
      eventView(
        e,
        byMarket(list),
        new Map(),
        NOW,
        DEFAULT_MOVEMENT_WINDOW_MS,
        (p) => stale(p),
        undefined,
        undefined,
        previous ?? undefined,
      ).dto!;
    const whole = (list: CurrentPrice[]) => view(list);
    const first = view(prices);
    const rows = (v: typeof first) => v.markets[0]!.odds;

    // Nothing moved: the same market object, so its JSON is not written again.
    const same = view(prices, first);
    expect(same).toEqual(whole(prices));
    expect(same.markets[0]).toBe(first.markets[0]);

    // Book 1's draw moves, still the best: book 1's row is new, book 2's is kept.
    const drawMoved = prices.map((p) =>
      p.providerId === 1 && p.selectionId === 2
        ? { ...p, value: 3.45, previousValue: 3.4, changedAt: NOW - MINUTE }
        : p,
    );
    const second = view(drawMoved, first);
    expect(second).toEqual(whole(drawMoved));
    expect(rows(second)[0]).not.toBe(rows(first)[0]);
    expect(rows(second)[1]).toBe(rows(first)[1]);

    // Book 1's away win passes book 2's: Best moves, so book 2's row is new too though its prices did not move.
    const awayMoved = drawMoved.map((p) => (p.providerId === 1 && p.selectionId === 3 ? { ...p, value: 3.7 } : p));
    const third = view(awayMoved, second);
    expect(third).toEqual(whole(awayMoved));
    expect(rows(third)[1]).not.toBe(rows(second)[1]);
    expect(rows(third)[1]!.odds[2]!.flags & OddsFlag.Best).toBe(0);

    // Book 2 turns stale: only its row changes (it shows stale, and loses no Best it did not have).
    stale = (p) => p === 2;
    const fourth = view(awayMoved, third);
    expect(fourth).toEqual(whole(awayMoved));
    expect(rows(fourth)[0]).toBe(rows(third)[0]);
    expect(rows(fourth)[1]).not.toBe(rows(third)[1]);
    expect(rows(fourth)[1]!.stale).toBe(true);

    // A boost whose regular price is unknown: book 1's margin becomes partial, its row new.
    const boosted = awayMoved.map((p) => (p.providerId === 1 && p.selectionId === 1 ? { ...p, boosted: true } : p));
    const fifth = view(boosted, fourth);
    expect(fifth).toEqual(whole(boosted));
    expect(rows(fifth)[0]).not.toBe(rows(fourth)[0]);
    expect(rows(fifth)[0]).toMatchObject({ margin: null, marginPartial: true });
    expect(rows(fifth)[1]).toBe(rows(fourth)[1]);
  });

  it('keeps what a view showed when a batch writes its held prices in place', () => {
    const e = event('e1', NOW + 2 * HOUR);
    const s = storedEvent(e, [
      ...book('e1', 1, 1, [1, 2, 3], [2.1, 3.4, 3.5]),
      ...book('e1', 1, 2, [1, 2, 3], [2.0, 3.3, 3.6]),
    ]);
    const view = () => eventView(e, s.markets, s.agesOut, NOW, DEFAULT_MOVEMENT_WINDOW_MS, () => false).dto!;
    const before = view();
    const shown = JSON.stringify(before);
    const held = s.markets.get(1)!.find((p) => p.providerId === 1 && p.selectionId === 1)!;

    // The same price again changes nothing; a moved one is written into the held price itself.
    expect(mergeWritten(s, e, [price('e1', 1, 1, 1, 2.1)])).toBe(false);
    expect(mergeWritten(s, e, [price('e1', 1, 1, 1, 2.3, { previousValue: 2.1, changedAt: NOW - MINUTE })])).toBe(true);
    expect(s.markets.get(1)!.find((p) => p.providerId === 1 && p.selectionId === 1)).toBe(held);
    expect(held).toMatchObject({ value: 2.3, previousValue: 2.1 });

    // The view computed before still shows what it showed; one computed now shows the move.
    expect(JSON.stringify(before)).toBe(shown);
    expect(view().markets[0]!.odds[0]!.odds[0]).toMatchObject({ value: 2.3, was: 2.1 });
  });
});
