/**
 * Fresh prices and incremental snapshots (docs/architecture.md#odds-model), on each database:
 * - a whole read of a league withdraws the matches it no longer lists, at once, from that book only;
 * - a book's prices of a league older than 10 minutes since its last read are marked stale and
 *   reach no Best, sure bet or value bet, and count again after the next read;
 * - a batch re-serializes only the answers of the competitions and markets it touched, and the
 *   incremental snapshot answers exactly what a full build from the same database answers;
 * - a process takes its batches one at a time, in order, none dropped.
 */
import type { FeedBatch } from '@shared/contract/ingest';
import type { OddsEventDto, OddsListDto } from '@shared/contract/odds';
import { OddsFlag } from '@shared/lookups';
import { OddsService } from '../../../src/server/modules/odds/odds.service';
import { BettingLists } from '../../../src/server/modules/odds/snapshot/betting-lists';
import { FRESH_PRICE_MS } from '../../../src/server/modules/odds/snapshot/odds-view';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { FIXTURE_NOW, goodBatch, otherProviderBatch } from './support/batches';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(databasesUnderTest())('fresh prices and incremental snapshots on $name', (target) => {
  let database: TestDatabase;
  let service: OddsService;
  let clock: number;

  const at = (batch: FeedBatch, ms: number): FeedBatch => ({ ...batch, fetchedAt: iso(ms) });
  const body = <T>(entry: { body: Buffer } | undefined) => (JSON.parse(entry!.body.toString()) as { data: T }).data;
  const premier1x2 = () => body<OddsListDto>(service.snapshot.odds(1, 1, 1)).events;
  const named = (name: string) => premier1x2().find((e) => e.name.includes(name));
  const row = (event: OddsEventDto | undefined, providerId: number) =>
    event?.markets[0]?.odds.find((r) => r.providerId === providerId);

  beforeEach(async () => {
    database = await createTestDatabase(target);
    clock = FIXTURE_NOW;
    service = new OddsService(database.db, { now: () => clock });
    await service.snapshot.rebuild();
  });
  afterEach(async () => {
    service.close();
    await database.drop();
  });

  it("withdraws at once the matches a book's whole read of a league no longer lists, from that book only", async () => {
    await service.ingest(goodBatch(), 'live', { leagues: [1] });
    await service.ingest(otherProviderBatch(), 'live', { leagues: [1] });
    expect(row(named('Fulham'), 1)?.odds.map((o) => o.value)).toEqual([1.6, 4.2, 5.25]);

    clock += MINUTE;
    // Bet9ja's next read of the Premier League lists Arsenal v Chelsea only.
    const [arsenal] = goodBatch().events;
    const run = await service.ingest(at(goodBatch({ events: [arsenal!] }), clock), 'live', { leagues: [1] });
    expect(run.prices.withdrawn).toBe(3);
    const united = named('Fulham');
    expect(row(united, 1)?.odds.map((o) => o.value)).toEqual([null, null, null]);
    // 1xBet still lists it: its prices stay, and are the best now.
    expect(row(united, 5)?.odds.map((o) => [o.value, o.flags & OddsFlag.Best])).toEqual([
      [1.68, OddsFlag.Best],
      [4.32, OddsFlag.Best],
      [5.03, OddsFlag.Best],
    ]);

    // 1xBet's read lists nothing of the league: the match leaves the list.
    clock += MINUTE;
    await service.ingest(at(otherProviderBatch({ events: [] }), clock), 'live', { leagues: [1] });
    expect(named('Fulham')).toBeUndefined();
    expect(service.snapshot.event(united!.id)).toBeUndefined();
    // A batch that is not a whole read (a push) leaves unlisted matches as they are.
    clock += MINUTE;
    await service.ingest(at(goodBatch(), clock), 'push');
    await service.ingest(at(goodBatch({ events: [arsenal!] }), clock + 1), 'push');
    expect(row(named('Fulham'), 1)?.odds.map((o) => o.value)).toEqual([1.6, 4.2, 5.25]);
  });

  it('marks a book stale 10 minutes after its last read of the league: no Best, no sure bet, no value bet', async () => {
    const lists = new BettingLists(service.snapshot);
    // Bet9ja read now; 1xBet read 5 minutes later with a home price that makes a sure bet with Bet9ja's away.
    await service.ingest(goodBatch(), 'live', { leagues: [1] });
    clock += 5 * MINUTE;
    const sure = otherProviderBatch();
    sure.events[0]!.markets[0]!.prices = [
      { selection: 1, value: 2.6 },
      { selection: 2, value: 3.4 },
      { selection: 3, value: 3.1 },
    ];
    await service.ingest(at(sure, clock), 'live', { leagues: [1] });
    const surebets = async () =>
      body<{ surebets: Array<{ legs: Array<{ providerId: number }> }> }>(await lists.surebets(1, false)).surebets;
    const values = async () =>
      body<{ values: Array<{ providerId: number }> }>(await lists.values(1, 'multiplicative', 0)).values;
    expect((await surebets()).length).toBe(1);
    expect(new Set((await values()).map((v) => v.providerId))).toEqual(new Set([1, 5]));
    expect(row(named('Arsenal'), 1)?.stale).toBeUndefined();

    // Exactly 10 minutes after Bet9ja's read it still counts; a millisecond later it is stale.
    clock = FIXTURE_NOW + FRESH_PRICE_MS;
    expect((await surebets()).length).toBe(1);
    clock += 1;
    expect(await surebets()).toEqual([]);
    expect((await values()).every((v) => v.providerId === 5)).toBe(true);
    const arsenal = named('Arsenal');
    expect(row(arsenal, 1)?.stale).toBe(true);
    expect(row(arsenal, 1)?.odds.every((o) => (o.flags & OddsFlag.Best) === 0)).toBe(true);
    expect(row(arsenal, 5)?.stale).toBeUndefined();
    expect(row(arsenal, 5)?.odds.every((o) => (o.flags & OddsFlag.Best) !== 0)).toBe(true);

    // Bet9ja reads again (nothing changed): fresh at once, its prices count again.
    await service.ingest(at(goodBatch(), clock), 'live', { leagues: [1] });
    expect(row(named('Arsenal'), 1)?.stale).toBeUndefined();
    expect((await surebets()).length).toBe(1);
  });

  it("computes each match's view once when a read moves a price as it makes the book's league fresh again", async () => {
    await service.ingest(goodBatch(), 'live', { leagues: [1] });
    const markets = goodBatch().events.reduce((n, e) => n + e.markets.length, 0);
    clock = FIXTURE_NOW + FRESH_PRICE_MS + 1;
    await service.snapshot.catchUp();
    expect(row(named('Arsenal'), 1)?.stale).toBe(true);
    // Every market of the league is computed again as the league turns stale: each one once.
    expect(service.snapshot.lastRebuild?.marketViews).toBe(markets);

    // Bet9ja reads again with Arsenal's home price moved, which makes its league fresh again: the
    // rebuild computes every market of the league whole, Arsenal's with the batch's price, each once.
    const moved = goodBatch();
    moved.events[0]!.markets[0]!.prices[0]!.value = 1.9;
    await service.ingest(at(moved, clock), 'live', { leagues: [1] });
    expect(service.snapshot.lastRebuild?.marketViews).toBe(markets);
    const arsenal = named('Arsenal');
    expect(row(arsenal, 1)?.stale).toBeUndefined();
    expect(row(arsenal, 1)?.odds.map((o) => o.value)).toEqual([1.9, 3.6, 4.2]);
    expect(row(named('Fulham'), 1)?.stale).toBeUndefined();
  });

  it('re-serializes only the answers a batch touched, and answers what a full build answers', async () => {
    await service.ingest(goodBatch(), 'live');
    const laLiga = goodBatch({ provider: 3 });
    laLiga.events = laLiga.events.map((e, i) => ({ ...e, competition: 2, externalId: `sb-${i}`, home: `${e.home} B` }));
    await service.ingest(laLiga, 'live');
    const before = service.snapshot.odds(1, 2, 1);

    clock += MINUTE;
    const moved = goodBatch({ fetchedAt: iso(clock) });
    moved.events[0]!.markets[0]!.prices[0]!.value = 1.9;
    await service.ingest(moved, 'live');
    // One price of Arsenal v Chelsea's 1X2: that market's view alone is computed again (its OU2.5 is kept).
    expect(service.snapshot.lastRebuild).toMatchObject({
      full: false,
      touched: ['1|1|1'],
      oddsAnswers: 1,
      // Patched at the event's place: no other event of the list is put together again.
      oddsAnswersPatched: 1,
      marketViews: 1,
    });
    // Where its time went, step by step: each step's own time, none of them more than the whole.
    const { ms, phases } = service.snapshot.lastRebuild!;
    expect(Object.keys(phases).sort()).toEqual([
      'listingsMs',
      'publishMs',
      'takeInMs',
      'turnsMs',
      'versionsMs',
      'viewsMs',
    ]);
    for (const stepMs of Object.values(phases)) expect(stepMs).toBeGreaterThanOrEqual(0);
    expect(phases.versionsMs).toBeGreaterThan(0);
    expect(phases.viewsMs).toBeGreaterThan(0);
    expect(phases.listingsMs).toBeGreaterThan(0);
    expect(phases.publishMs).toBeGreaterThan(0);
    expect(
      phases.versionsMs + phases.takeInMs + phases.viewsMs + phases.listingsMs + phases.publishMs + phases.turnsMs,
    ).toBeLessThanOrEqual(ms);
    // La Liga's list did not move; only the country's updatedAt around it did.
    expect(body<OddsListDto>(service.snapshot.odds(1, 2, 1)).events).toEqual(body<OddsListDto>(before).events);
    expect(body<OddsListDto>(service.snapshot.odds(1, 2, 1)).updatedAt).toBe(iso(clock).replace('.000Z', 'Z'));

    // An unchanged read touches nothing.
    clock += MINUTE;
    await service.ingest({ ...moved, fetchedAt: iso(clock) }, 'live');
    expect(service.snapshot.lastRebuild).toMatchObject({ touched: [], oddsAnswers: 0, marketViews: 0 });

    // Every answer equals a full build from the same database.
    const full = new OddsService(database.db, { now: () => clock });
    await full.snapshot.rebuild();
    expect(full.snapshot.lastRebuild?.full).toBe(true);
    for (const competition of [1, 2, 3, 4]) {
      for (const market of [1, 2, 3, 4, 5, 6, 7, 8]) {
        expect(service.snapshot.odds(1, competition, market)?.body.toString()).toBe(
          full.snapshot.odds(1, competition, market)?.body.toString(),
        );
      }
    }
    expect(service.snapshot.summary(1)?.body.toString()).toBe(full.snapshot.summary(1)?.body.toString());
    expect(service.snapshot.sample(1)?.body.toString()).toBe(full.snapshot.sample(1)?.body.toString());
    full.close();
  });

  it("shows a batch that changes a match's row and none of its prices: a new kick-off, a postponement", async () => {
    await service.ingest(goodBatch(), 'live');
    const [arsenal, ...others] = goodBatch().events;
    const arsenalId = named('Arsenal')?.id;
    expect(arsenalId).toBeDefined();

    clock += MINUTE;
    // Rescheduled by a day, the same prices: only the event's row changed.
    const later = new Date(Date.parse(arsenal!.kickoff) + 24 * 60 * MINUTE).toISOString();
    const moved = await service.ingest(
      at(goodBatch({ events: [{ ...arsenal!, kickoff: later }, ...others] }), clock),
      'live',
    );
    expect(moved.prices.changed).toBe(0);
    expect(named('Arsenal')?.id).toBe(arsenalId);
    expect(Date.parse(named('Arsenal')?.date ?? '')).toBe(Date.parse(later));

    clock += MINUTE;
    const postponed = await service.ingest(
      at(goodBatch({ events: [{ ...arsenal!, kickoff: later, status: 'postponed' }, ...others] }), clock),
      'live',
    );
    expect(postponed.prices.changed).toBe(0);
    expect(named('Arsenal')).toBeUndefined();
  });

  it('takes a process’s batches one at a time, in the order they came, none dropped', async () => {
    const batches = [1.7, 1.75, 1.8, 1.85, 1.9].map((home, i) => {
      const b = goodBatch({ fetchedAt: iso(FIXTURE_NOW + i) });
      b.events[0]!.markets[0]!.prices[0]!.value = home;
      return b;
    });
    const runs = batches.map((b) => service.ingest(b, 'live'));
    expect(service.pendingIngests).toBe(5);
    const done = await Promise.all(runs);
    expect(done.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    const versions = done.map((r) => r.version as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(5);
    expect(service.pendingIngests).toBe(0);
    expect(row(named('Arsenal'), 1)?.odds[0]?.value).toBe(1.9);
  });
});
