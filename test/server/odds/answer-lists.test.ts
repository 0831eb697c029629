import type { OddsEventDto } from '@shared/contract/odds';
import { Slicer } from '../../../src/server/core/event-loop';
import type { CurrentPrice } from '../../../src/server/modules/odds/current-price';
import { DEFAULT_MOVEMENT_WINDOW_MS, eventView } from '../../../src/server/modules/odds/snapshot/odds-view';
import { SnapshotAnswers, listKeyText } from '../../../src/server/modules/odds/snapshot/snapshot-answers';
import { storedEvent } from '../../../src/server/modules/odds/snapshot/stored-event';
import type { UpcomingEvent } from '../../../src/server/modules/odds/upcoming-event';

const NOW = Date.parse('2030-03-10T12:00:00Z');
const HOUR = 3600_000;

const match = (id: string, home: string, kickoffAt: number): UpcomingEvent => ({
  id,
  countryId: 1,
  competitionId: 1,
  home,
  away: `Away ${id}`,
  kickoffAt,
  source: 'live',
});

/** Book 1's 1X2 and BTTS prices of an event (its home win at `home`). */
function pricesOf(eventId: string, home = 2.1): CurrentPrice[] {
  const price = (marketId: number, selectionId: number, value: number): CurrentPrice => ({
    eventId,
    marketId,
    providerId: 1,
    selectionId,
    value,
    previousValue: null,
    changedAt: NOW - HOUR,
    boosted: false,
    regularValue: null,
  });
  return [price(1, 1, home), price(1, 2, 3.3), price(1, 3, 3.6), price(7, 14, 1.8), price(7, 15, 2.0)];
}

const viewOf = (event: UpcomingEvent, home?: number): OddsEventDto => {
  const s = storedEvent(event, pricesOf(event.id, home));
  return eventView(event, s.markets, s.agesOut, NOW, DEFAULT_MOVEMENT_WINDOW_MS, () => false).dto!;
};

/** Answers holding one event, Alder's, published. */
async function oneEvent() {
  const answers = new SnapshotAnswers();
  const event = match('a', 'Alder', NOW + HOUR);
  const s = storedEvent(event, pricesOf('a'));
  answers.relist(s, viewOf(event), new Set());
  await publishAll(answers);
  return { answers, event, s };
}

/** The first publication: every answer made. */
const publishAll = (answers: SnapshotAnswers) =>
  answers.publish({ full: true, countryUpdates: new Map(), demo: new Set(), touched: new Set(), slicer: new Slicer() });

const bodyOf = (answers: SnapshotAnswers, marketId: number) =>
  JSON.parse(answers.odds(1, 1, marketId)!.body.toString());

describe('odds answers put together from listed events', () => {
  it("are each event's JSON reduced to the market, in kick-off order, as JSON.stringify writes them", async () => {
    const answers = new SnapshotAnswers();
    const events = [
      match('b', 'Birch', NOW + 2 * HOUR),
      match('a', 'Alder', NOW + HOUR),
      match('c', 'Cedar', NOW + 3 * HOUR),
    ];
    for (const event of events) answers.relist(storedEvent(event, pricesOf(event.id)), viewOf(event), new Set());
    await publishAll(answers);
    for (const marketId of [1, 7]) {
      const expected = ['a', 'b', 'c'].map((id) => {
        const view = viewOf(events.find((e) => e.id === id)!);
        return { ...view, markets: view.markets.filter((m) => m.marketId === marketId) };
      });
      const body = answers.odds(1, 1, marketId)!.body.toString();
      expect(body).toBe(JSON.stringify({ data: { events: expected, source: 'live', updatedAt: null } }));
    }
    expect(bodyOf(answers, 2).data.events).toEqual([]);
  });

  it('touches every market of an event whose name changed at the same kick-off, and shows the new name', async () => {
    const { answers, event, s } = await oneEvent();
    const etags = [1, 7].map((m) => answers.odds(1, 1, m)!.etag);

    // The same prices, so the same markets' JSON: only the event's head moved.
    const renamed = { ...event, home: 'Alder Athletic' };
    s.event = renamed;
    const touched = new Set<number>();
    answers.relist(s, viewOf(renamed), touched);
    expect([...touched].map(listKeyText).sort()).toEqual(['1|1|1', '1|1|7']);
    await answers.publish({ full: false, countryUpdates: new Map(), demo: new Set(), touched, slicer: new Slicer() });
    for (const [i, m] of [1, 7].entries()) {
      expect(bodyOf(answers, m).data.events.map((e: OddsEventDto) => e.name)).toEqual(['Alder Athletic vs Away a']);
      expect(answers.odds(1, 1, m)!.etag).not.toBe(etags[i]);
    }
  });

  it('touches nothing when a view computed again writes the same JSON, whether or not its markets are the same objects', async () => {
    const { answers, event, s } = await oneEvent();
    const fragments = new Map(s.listed!.item.fragments);

    // A view made afresh (new objects, the same text), whole and for one market.
    let touched = new Set<number>();
    answers.relist(s, viewOf(event), touched);
    expect(touched.size).toBe(0);
    touched = new Set<number>();
    answers.relist(s, viewOf(event), touched, new Set([1]));
    expect(touched.size).toBe(0);
    for (const [market, fragment] of fragments) expect(s.listed!.item.fragments.get(market)).toBe(fragment);

    // One price moved: only that market's fragment is new, and only its answer touched.
    touched = new Set<number>();
    answers.relist(s, viewOf(event, 2.2), touched, new Set([1]));
    expect([...touched].map(listKeyText)).toEqual(['1|1|1']);
    expect(s.listed!.item.fragments.get(1)).not.toBe(fragments.get(1));
    expect(s.listed!.item.fragments.get(7)).toBe(fragments.get(7));
    await answers.publish({ full: false, countryUpdates: new Map(), demo: new Set(), touched, slicer: new Slicer() });
    const view = viewOf(event, 2.2);
    expect(answers.odds(1, 1, 1)!.body.toString()).toBe(
      JSON.stringify({ data: { events: [{ ...view, markets: [view.markets[0]] }], source: 'live', updatedAt: null } }),
    );
  });

  it('patches a list at the place of the market that moved, with the tag a list made in full has', async () => {
    const answers = new SnapshotAnswers();
    const events = [
      match('a', 'Alder', NOW + HOUR),
      match('b', 'Birch', NOW + 2 * HOUR),
      match('c', 'Cedar', NOW + 3 * HOUR),
    ];
    const stored = events.map((event) => storedEvent(event, pricesOf(event.id)));
    for (const [i, event] of events.entries()) answers.relist(stored[i]!, viewOf(event), new Set());
    await publishAll(answers);
    const bettingOn = (homes: Record<string, number>) => (marketId: number) =>
      events
        .filter((e) => homes[e.id] !== -1)
        .map((e) => {
          const view = viewOf(e, homes[e.id]);
          return { ...view, markets: view.markets.filter((m) => m.marketId === marketId) };
        });
    /** The answer a list made in full from the same views gives. */
    const madeInFull = async (homes: Record<string, number>) => {
      const fresh = new SnapshotAnswers();
      for (const e of events) {
        if (homes[e.id] !== -1)
          fresh.relist(storedEvent(e, pricesOf(e.id, homes[e.id])), viewOf(e, homes[e.id]), new Set());
      }
      await publishAll(fresh);
      return fresh.odds(1, 1, 1)!;
    };
    const publish = (touched: Set<number>) =>
      answers.publish({ full: false, countryUpdates: new Map(), demo: new Set(), touched, slicer: new Slicer() });

    // The middle event's home win moves, its whole view computed again: its 1X2 answer is patched.
    let touched = new Set<number>();
    answers.relist(stored[1]!, viewOf(events[1]!, 2.25), touched);
    expect([...touched].map(listKeyText)).toEqual(['1|1|1']);
    expect(await publish(touched)).toMatchObject({ serialized: 1, patched: 1 });
    let homes: Record<string, number> = { b: 2.25 };
    expect(answers.odds(1, 1, 1)!.body.toString()).toBe(
      JSON.stringify({ data: { events: bettingOn(homes)(1), source: 'live', updatedAt: null } }),
    );
    expect(answers.odds(1, 1, 1)!.etag).toBe((await madeInFull(homes)).etag);

    // The last one's moves, only its 1X2 computed again (the earlier view kept the rest): patched too.
    touched = new Set<number>();
    const earlier = stored[2]!.listed!.item.dto;
    answers.relist(
      stored[2]!,
      { ...viewOf(events[2]!, 2.4), markets: [viewOf(events[2]!, 2.4).markets[0]!, earlier.markets[1]!] },
      touched,
      new Set([1]),
    );
    expect(await publish(touched)).toMatchObject({ serialized: 1, patched: 1 });
    homes = { b: 2.25, c: 2.4 };
    expect(bodyOf(answers, 1).data.events).toEqual(bettingOn(homes)(1));
    expect(answers.odds(1, 1, 1)!.etag).toBe((await madeInFull(homes)).etag);

    // The first one leaves: the events after it move up, so its lists are put together in full.
    touched = new Set<number>();
    answers.relist(stored[0]!, null, touched);
    expect([...touched].map(listKeyText).sort()).toEqual(['1|1|1', '1|1|7']);
    expect(await publish(touched)).toMatchObject({ serialized: 2, patched: 0 });
    homes = { a: -1, b: 2.25, c: 2.4 };
    expect(bodyOf(answers, 1).data.events).toEqual(bettingOn(homes)(1));
    expect(answers.odds(1, 1, 1)!.etag).toBe((await madeInFull(homes)).etag);

    // And a move after that is patched at the event's new place.
    touched = new Set<number>();
    answers.relist(stored[2]!, viewOf(events[2]!, 2.5), touched);
    expect(await publish(touched)).toMatchObject({ serialized: 1, patched: 1 });
    homes = { a: -1, b: 2.25, c: 2.5 };
    expect(bodyOf(answers, 1).data.events).toEqual(bettingOn(homes)(1));
    expect(answers.odds(1, 1, 1)!.etag).toBe((await madeInFull(homes)).etag);
  });
});
