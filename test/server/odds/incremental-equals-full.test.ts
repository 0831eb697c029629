/**
 * The incremental snapshot answers byte for byte what a full build from the same database answers
 * (docs/architecture.md#odds-model), on each database, through a random run of batches: prices moving,
 * whole reads of a league withdrawing matches, matches postponed and listed again, kick-offs
 * moved, and time alone passing (movement flags ageing out, books' leagues turning stale, matches
 * kicking off), batches of another process and withdrawals (which the snapshot reads back from the
 * database) between this process's own (whose written prices it takes in without reading them).
 * After every step each odds answer, summary and sample of every country, with its ETag, and each
 * country's listed events equal a full build's, whether the step patched an answer's list at the
 * places of its replaced markets or put it together in full.
 */
import type { FeedBatch } from '@shared/contract/ingest';
import { COMPETITIONS, COUNTRIES, MARKETS, marketSelections } from '@shared/lookups';
import { createRandom } from '../../../src/server/modules/odds/demo/prng';
import { OddsService } from '../../../src/server/modules/odds/odds.service';
import type { SnapshotEntry } from '../../../src/server/modules/odds/snapshot/snapshot-entry';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { FIXTURE_NOW } from './support/batches';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BOOKS = [1, 2, 3];
/** Markets the batches quote (a few, so some answers stay empty). */
const QUOTED = MARKETS.slice(0, 3).map((m) => m.id);

interface Match {
  country: number;
  competition: number;
  home: string;
  away: string;
  kickoff: number;
}

const names = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel', 'Juniper', 'Larch'];

/** Three matches per country and competition; some kick off within the run. */
function matches(): Match[] {
  const out: Match[] = [];
  let i = 0;
  for (const { id: country } of COUNTRIES) {
    for (const { id: competition } of COMPETITIONS) {
      for (let k = 0; k < 3; k += 1, i += 1) {
        out.push({
          country,
          competition,
          home: `${names[i % names.length]} Rovers ${String.fromCharCode(65 + (i % 26))}`,
          away: `${names[(i + 3) % names.length]} United ${String.fromCharCode(90 - (i % 26))}`,
          kickoff: FIXTURE_NOW + (k === 0 ? 2 * HOUR + (i % 5) * 20 * MINUTE : (24 + i) * HOUR),
        });
      }
    }
  }
  return out;
}

const text = (entry: SnapshotEntry | undefined) => (entry ? `${entry.etag} ${entry.body.toString()}` : 'none');

describe.each(databasesUnderTest())('incremental snapshot equals a full build on $name', (target) => {
  let database: TestDatabase;
  let service: OddsService;
  /** Another process that writes odds (the collector, an import). */
  let other: OddsService;
  let clock: number;

  beforeEach(async () => {
    database = await createTestDatabase(target);
    clock = FIXTURE_NOW;
    service = new OddsService(database.db, { now: () => clock });
    other = new OddsService(database.db, { now: () => clock, readSide: false });
    await service.snapshot.rebuild();
  });
  afterEach(async () => {
    other.close();
    service.close();
    await database.drop();
  });

  async function expectSameAsFull(step: string): Promise<void> {
    const full = new OddsService(database.db, { now: () => clock });
    try {
      await full.snapshot.rebuild();
      expect(full.snapshot.lastRebuild?.full).toBe(true);
      for (const { id: country } of COUNTRIES) {
        const where = `${step}, country ${country}`;
        expect([where, text(service.snapshot.summary(country))]).toEqual([where, text(full.snapshot.summary(country))]);
        expect([where, text(service.snapshot.sample(country))]).toEqual([where, text(full.snapshot.sample(country))]);
        expect([where, service.snapshot.countryEvents(country)]).toEqual([where, full.snapshot.countryEvents(country)]);
        for (const { id: competition } of COMPETITIONS) {
          for (const { id: market } of MARKETS) {
            const answer = `${where}, competition ${competition}, market ${market}`;
            expect([answer, text(service.snapshot.odds(country, competition, market))]).toEqual([
              answer,
              text(full.snapshot.odds(country, competition, market)),
            ]);
          }
        }
      }
      for (const { id } of full.snapshot.countryEvents(1) ?? []) {
        expect(service.snapshot.event(id)).toEqual(full.snapshot.event(id));
      }
    } finally {
      full.close();
    }
  }

  it('after every batch and every time-driven rebuild of a random run', async () => {
    const random = createRandom(2026);
    const all = matches();
    /** The last price each book quoted, by "book|match|market|selection". */
    const quoted = new Map<string, number>();
    const postponed = new Set<Match>();
    let listedNow = 0;
    /**
     * How the rebuilds came by the prices (taken from this process's batches, read back), and how
     * they made the odds answers they touched (lists patched at their markets' places, or in full).
     */
    const ways = { own: 0, readBack: 0, patched: 0, inFull: 0 };

    const batch = (book: number, country: number, listed: Match[], at: number): FeedBatch => ({
      provider: book as FeedBatch['provider'],
      country: country as FeedBatch['country'],
      fetchedAt: new Date(at).toISOString(),
      events: listed.map((m) => ({
        externalId: `${book}-${m.home}`,
        competition: m.competition as FeedBatch['events'][number]['competition'],
        home: m.home,
        away: m.away,
        kickoff: new Date(m.kickoff).toISOString(),
        ...(postponed.has(m) ? { status: 'postponed' as const } : { status: 'scheduled' as const }),
        markets: QUOTED.map((market) => ({
          market: market as FeedBatch['events'][number]['markets'][number]['market'],
          prices: marketSelections(market).map((selection, s) => {
            const k = `${book}|${m.home}|${market}|${selection}`;
            const last = quoted.get(k) ?? 1.4 + ((s + book + market) % 4) * 0.6;
            const value = random.chance(0.3) ? Math.round((last + (random.int(-10, 10) || 1) / 100) * 100) / 100 : last;
            quoted.set(k, Math.max(1.01, value));
            return { selection: selection as never, value: Math.max(1.01, value) };
          }),
        })),
      })),
    });

    // Every book reads every country once.
    for (const book of BOOKS) {
      for (const { id: country } of COUNTRIES) {
        await service.ingest(
          batch(
            book,
            country,
            all.filter((m) => m.country === country),
            clock,
          ),
          'live',
        );
      }
    }
    await expectSameAsFull('first reads');

    for (let step = 0; step < 40; step += 1) {
      clock += random.int(1, 25) * MINUTE;
      const upcoming = all.filter((m) => m.kickoff > clock);
      const kind = random.int(0, 7);
      if (kind === 0) {
        // Time alone: flags age out, leagues turn stale, matches kick off.
        await service.snapshot.rebuild();
      } else if (kind === 6) {
        // A failing book's league withdrawn; with nothing to withdraw, only the time passed counts
        // (the timer's rebuild, which this fake clock never fires).
        await service.withdraw(BOOKS[random.int(0, BOOKS.length - 1)] as number, COMPETITIONS[0]!.id, 'stale');
        await service.snapshot.catchUp();
      } else {
        const book = BOOKS[random.int(0, BOOKS.length - 1)] as number;
        const country = COUNTRIES[random.int(0, COUNTRIES.length - 1)]!.id;
        const competition = COMPETITIONS[random.int(0, COMPETITIONS.length - 1)]!.id;
        let listed = upcoming.filter((m) => m.country === country && m.competition === competition);
        if (kind === 1 && listed.length > 1) listed = listed.slice(1); // the league's whole read drops one
        if (kind === 2 && listed[0]) {
          // A postponement, or the return of a postponed match with its kick-off moved.
          const m = listed[0];
          if (postponed.has(m)) {
            postponed.delete(m);
            m.kickoff += 15 * MINUTE;
          } else {
            postponed.add(m);
          }
        }
        if (kind === 3 && listed.length > 0) listed = [listed[random.int(0, listed.length - 1)] as Match];
        const read = batch(book, country, listed, clock);
        if (kind === 7) {
          await other.ingest(read, 'live');
          await service.refreshIfChanged();
        } else {
          await service.ingest(read, 'live', kind === 1 ? { leagues: [competition] } : {});
        }
        const rebuilt = service.snapshot.lastRebuild;
        if (rebuilt?.own) ways.own += 1;
        else if (rebuilt && rebuilt.pricesRead > 0) ways.readBack += 1;
        ways.patched += rebuilt?.oddsAnswersPatched ?? 0;
        ways.inFull += (rebuilt?.oddsAnswers ?? 0) - (rebuilt?.oddsAnswersPatched ?? 0);
      }
      listedNow = COUNTRIES.reduce((n, c) => n + (service.snapshot.countryEvents(c.id)?.length ?? 0), 0);
      await expectSameAsFull(`step ${step} (kind ${kind})`);
    }
    // The run reached what it means to test: matches kicked off and left the lists, others stay.
    expect(all.some((m) => m.kickoff <= clock)).toBe(true);
    expect(listedNow).toBeGreaterThan(0);
    expect(ways.own).toBeGreaterThan(0);
    expect(ways.readBack).toBeGreaterThan(0);
    expect(ways.patched).toBeGreaterThan(0);
    expect(ways.inFull).toBeGreaterThan(0);
  }, 180_000);
});
