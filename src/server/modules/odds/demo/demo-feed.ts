/**
 * The demo odds simulator (ODDS_FEED=demo). Each tick it returns one
 * normalized batch per bookmaker, which go through the same ingest pipeline as any feed.
 *
 * - Fixtures: real 2024/25 clubs, a seeded weekly round per league (fixture-schedule.ts).
 * - Prices: one Poisson goals model per match (goals-model.ts); each bookmaker sees the
 *   match through its own slightly different expected goals and prices every market from
 *   that one view with its margin profile (margin-profiles.ts), so its 1X2, over/unders,
 *   BTTS and double chance agree with each other.
 * - Enhanced prices: a book with an `enhanced` profile (NairaBet) sends the 1X2 of some matches,
 *   fixed per match, at its enhanced margin as boosted prices naming its regular ones.
 * - Movement: the match's expected goals drift every tick; each bookmaker catches up with a
 *   lag. Now and then a bookmaker boosts a 1X2 price, suspends a selection for a few ticks
 *   (sent as a withdrawn price), or does not offer a side market at all for a match.
 *
 * Deterministic: the same seed and the same sequence of clock values give the same batches.
 */
import { MARKETS, MATCH_RESULT_MARKET_ID, PROVIDER_IDS } from '@shared/lookups';
import { round2 } from '@shared/odds-math';
import { fnv1a32 } from '@shared/signature';
import type { FeedBatch, FeedEvent, FeedMarket } from '@shared/contract/ingest';
import { type Club, LEAGUES, expectedGoals } from './demo-clubs';
import { type ExpectedGoals, allMarketProbabilities } from './goals-model';
import { MARGIN_PROFILES, type MarginProfile, marketMarginFraction, sampleMatchMargin } from './margin-profiles';
import { MAX_PRICE, priceWithMargin } from './pricing';
import { type Fixture, WEEK_MS, upcomingFixtures } from './fixture-schedule';
import { type Random, createRandom } from './prng';

/** Tunables of the simulation; the defaults give a lively but believable board. */
const DEMO_RATES = {
  /** Chance per tick that a match's model moves (team news, money coming in). */
  move: 0.05,
  /** Sd of such a move, on the log of each team's expected goals. */
  drift: 0.03,
  /** Chance per tick that a bookmaker catches up with the match's current model. */
  catchUp: 0.3,
  /** Chance per bookmaker, match and tick that a boost starts. */
  boost: 0.0005,
  /** Chance per bookmaker, match and tick that one selection is suspended. */
  suspend: 0.002,
  /** Chance that a bookmaker does not offer a given side market for a match at all. */
  missingMarket: 0.06,
} as const;

interface Boost {
  selection: number;
  factor: number;
  untilTick: number;
}

interface Suspension {
  marketId: number;
  selection: number;
  untilTick: number;
}

interface BookView {
  profile: MarginProfile;
  /** The bookmaker's own lean on each side's expected goals (log scale), fixed per match. */
  bias: ExpectedGoals;
  /** The match model as the bookmaker last saw it. */
  seen: ExpectedGoals;
  marginPct: number;
  /** Whether this match's 1X2 is sent as the book's enhanced (boosted) prices. */
  enhanced: boolean;
  missing: ReadonlySet<number>;
  boost: Boost | null;
  suspension: Suspension | null;
  /** Prices per market for the `seen` they were computed from (recomputed when it changes). */
  priced: { seen: ExpectedGoals; values: Map<number, number[]>; enhanced: number[] | null } | null;
}

interface MatchState {
  fixture: Fixture;
  goals: ExpectedGoals;
  books: Map<number, BookView>;
}

interface DemoFeedOptions {
  seed: number;
  countryId?: number;
  horizonMs?: number;
}

const clampGoals = (x: number) => Math.min(4, Math.max(0.2, x));

export class DemoFeed {
  private readonly random: Random;
  private readonly matches = new Map<string, MatchState>();
  private tickCount = 0;

  constructor(private readonly options: DemoFeedOptions) {
    this.random = createRandom(fnv1a32(`${options.seed}|ticks`));
  }

  /** One batch per bookmaker describing every upcoming fixture it offers at `now`. */
  tick(now: number): FeedBatch[] {
    this.tickCount += 1;
    const fixtures = upcomingFixtures(this.options.seed, now, this.options.horizonMs ?? WEEK_MS);
    const live = new Set(fixtures.map((f) => f.key));
    for (const key of [...this.matches.keys()]) if (!live.has(key)) this.matches.delete(key);
    for (const fixture of fixtures) {
      const known = this.matches.get(fixture.key);
      if (known) this.drift(known);
      else this.matches.set(fixture.key, this.createMatch(fixture));
    }
    const fetchedAt = new Date(now).toISOString();
    return PROVIDER_IDS.map((providerId) => ({
      provider: providerId,
      country: this.options.countryId ?? 1,
      fetchedAt,
      events: fixtures.map((f) => this.bookEvent(this.matches.get(f.key) as MatchState, providerId)),
    }));
  }

  private createMatch(fixture: Fixture): MatchState {
    // Seeded by the fixture, not the tick, so a fixture looks the same whenever it appears.
    const random = createRandom(fnv1a32(`${this.options.seed}|match|${fixture.key}`));
    const league = LEAGUES[fixture.competitionId];
    const base = league ? expectedGoals(league, fixture.home, fixture.away) : { home: 1.4, away: 1.2 };
    const goals = {
      home: clampGoals(base.home * Math.exp(0.08 * random.normal())),
      away: clampGoals(base.away * Math.exp(0.08 * random.normal())),
    };
    const books = new Map<number, BookView>();
    for (const providerId of PROVIDER_IDS) {
      const profile = MARGIN_PROFILES[providerId] as MarginProfile;
      const missing = new Set(
        MARKETS.filter((m) => m.id !== 1 && m.id !== 4 && random.chance(DEMO_RATES.missingMarket)).map((m) => m.id),
      );
      books.set(providerId, {
        profile,
        bias: { home: profile.opinionSd * random.normal(), away: profile.opinionSd * random.normal() },
        seen: goals,
        marginPct: sampleMatchMargin(profile.matchResult, random),
        enhanced: profile.enhanced !== undefined && random.chance(profile.enhanced.share),
        missing,
        boost: null,
        suspension: null,
        priced: null,
      });
    }
    return { fixture, goals, books };
  }

  private drift(match: MatchState): void {
    const r = this.random;
    if (r.chance(DEMO_RATES.move)) {
      match.goals = {
        home: clampGoals(match.goals.home * Math.exp(DEMO_RATES.drift * r.normal())),
        away: clampGoals(match.goals.away * Math.exp(DEMO_RATES.drift * r.normal())),
      };
    }
    for (const book of match.books.values()) {
      // Goals objects are replaced, never mutated, so identity says whether a view changed.
      if (r.chance(DEMO_RATES.catchUp)) book.seen = match.goals;
      if (book.boost && book.boost.untilTick < this.tickCount) book.boost = null;
      if (!book.boost && r.chance(DEMO_RATES.boost)) {
        book.boost = {
          selection: r.pick([1, 3]),
          factor: 1.1 + 0.15 * r.next(),
          untilTick: this.tickCount + r.int(5, 30),
        };
      }
      if (book.suspension && book.suspension.untilTick < this.tickCount) book.suspension = null;
      if (!book.suspension && r.chance(DEMO_RATES.suspend)) {
        const market = r.pick(MARKETS.filter((m) => !book.missing.has(m.id)));
        book.suspension = {
          marketId: market.id,
          selection: r.pick(market.selections),
          untilTick: this.tickCount + r.int(1, 4),
        };
      }
    }
  }

  /** Every market's prices from the bookmaker's one view of the match's goals model. */
  private bookPrices(book: BookView): { values: Map<number, number[]>; enhanced: number[] | null } {
    if (book.priced?.seen === book.seen) return book.priced;
    const probabilities = allMarketProbabilities({
      home: book.seen.home * Math.exp(book.bias.home),
      away: book.seen.away * Math.exp(book.bias.away),
    });
    const values = new Map(
      MARKETS.map((m) => [
        m.id,
        priceWithMargin(probabilities.get(m.id) as number[], marketMarginFraction(book.profile, m.id, book.marginPct)),
      ]),
    );
    const enhancedMargin = book.enhanced ? book.profile.enhanced?.marginPct : undefined;
    const enhanced =
      enhancedMargin === undefined
        ? null
        : priceWithMargin(probabilities.get(MATCH_RESULT_MARKET_ID) as number[], enhancedMargin / 100);
    book.priced = { seen: book.seen, values, enhanced };
    return book.priced;
  }

  private bookEvent(match: MatchState, providerId: number): FeedEvent {
    const { fixture } = match;
    const book = match.books.get(providerId) as BookView;
    const { values, enhanced } = this.bookPrices(book);
    const markets: FeedMarket[] = MARKETS.filter((m) => !book.missing.has(m.id)).map((m) => {
      const prices = m.selections.flatMap((selection, i) => {
        if (book.suspension?.marketId === m.id && book.suspension.selection === selection) return [];
        const value = values.get(m.id)?.[i] as number;
        const enhancedValue = m.id === MATCH_RESULT_MARKET_ID ? enhanced?.[i] : undefined;
        if (enhancedValue !== undefined && enhancedValue > value) {
          return [{ selection, value: enhancedValue, boosted: true, regularValue: value }];
        }
        if (m.id === MATCH_RESULT_MARKET_ID && book.boost?.selection === selection) {
          const boosted = Math.min(MAX_PRICE, round2(value * book.boost.factor));
          // The feed names the regular price a boost replaces, so margins stay on regular prices.
          return [
            boosted > value ? { selection, value: boosted, boosted: true, regularValue: value } : { selection, value },
          ];
        }
        return [{ selection, value }];
      });
      return { market: m.id, prices };
    });
    const name = (club: Club) => (book.profile.naming === 'short' ? club.short : club.name);
    return {
      externalId: `${book.profile.idPrefix}-${fixture.key}`,
      competition: fixture.competitionId,
      home: name(fixture.home),
      away: name(fixture.away),
      kickoff: new Date(fixture.kickoffAt).toISOString(),
      markets,
    };
  }
}
