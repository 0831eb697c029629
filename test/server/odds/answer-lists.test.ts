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

/** Book 1's 1X2 and BTTS prices of an event. */
function pricesOf(eventId: string): CurrentPrice[] {
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
  return [price(1, 1, 2.1), price(1, 2, 3.3), price(1, 3, 3.6), price(7, 14, 1.8), price(7, 15, 2.0)];
}

const viewOf = (event: UpcomingEvent): OddsEventDto => {
  const s = storedEvent(event, pricesOf(event.id));
  return eventView(event, s.markets, s.agesOut, NOW, DEFAULT_MOVEMENT_WINDOW_MS, () => false).dto!;
};

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
    const answers = new SnapshotAnswers();
    const event = match('a', 'Alder', NOW + HOUR);
    const s = storedEvent(event, pricesOf('a'));
    answers.relist(s, viewOf(event), new Set());
    await publishAll(answers);
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
});
