/**
 * The bettor tools' lists: a country's sure bets and value
 * prices, computed from the snapshot's listed events with the pure arithmetic of
 * `src/shared/betting` (nothing here re-derives a formula).
 *
 * Only fresh prices count: a book's row the snapshot marks stale (its latest read of the league is
 * older than FRESH_PRICE_MS, odds-view.ts) is left out of both lists. The snapshot rebuilds at
 * the moment a book turns stale, so an answer is valid for exactly one generation.
 *
 * - Sure bets: per match and exclusive market (never double chance), the best price of each
 *   selection across the fresh books (boosted prices only with `boosts=1`); listed where
 *   Σ 1/best < 1, largest profit first. With `books` ("My books only") only those books count.
 * - Value: per match and exclusive market, fair probabilities from the fresh books that price the
 *   whole market unboosted (each de-vigged by the method, then averaged); every unboosted offered
 *   price with edge ≥ 0 %, largest edge first, is computed once per generation and method. An
 *   edge above {@link IMPLAUSIBLE_EDGE_PCT} is marked `checkPrice` and listed after every
 *   plausible price (such an edge is far more often a wrong or stale price than a real one).
 *   With `books` only those books' prices are listed, against the same fair prices. A
 *   request's `min` keeps the entries with edgePct ≥ min, in that order; each (country, method, min, books) answer is serialized once per generation
 *   on first request and kept (at most {@link MAX_VALUE_ANSWERS}).
 *
 * Every answer is a {@link SnapshotEntry} (strong ETag) valid for one snapshot generation.
 */
import type { SurebetDto, ValueBetDto } from '@shared/contract/betting';
import type { OddsEventDto } from '@shared/contract/odds';
import { type BookPrices, EXCLUSIVE_MARKET_IDS, priceValue } from '@shared/betting/common';
import { type DevigMethod, edgePct, fairMarket, fairValue, isValueBet } from '@shared/betting/devig';
import { findSurebet } from '@shared/betting/surebets';
import type { OddsSnapshot } from './odds-snapshot';
import { type SnapshotEntry, snapshotEntry } from './snapshot-entry';

/** Edge (%) above which a value price is implausible: marked "check this price", never ranked first. */
const IMPLAUSIBLE_EDGE_PCT = 25;

/** Value answers (country × method × min × books) kept per generation; past it the oldest go first. */
const MAX_VALUE_ANSWERS = 256;

const EXCLUSIVE = new Set(EXCLUSIVE_MARKET_IDS);

/**
 * Each exclusive market of each event with its fresh books' prices (flags kept, so boosts are
 * known); with `only`, those books' alone.
 */
function* exclusiveMarkets(events: readonly OddsEventDto[], only?: readonly number[]) {
  for (const event of events) {
    for (const market of event.markets) {
      if (!EXCLUSIVE.has(market.marketId)) continue;
      const books: BookPrices[] = market.odds.flatMap((row) =>
        row.stale || (only !== undefined && !only.includes(row.providerId))
          ? []
          : [
              {
                providerId: row.providerId,
                prices: row.odds.map((o) => (o.value === null ? null : { value: o.value, flags: o.flags })),
              },
            ],
      );
      const selections = market.odds[0]?.odds.map((o) => o.selectionTypeId) ?? [];
      yield { event, marketId: market.marketId, books, selections };
    }
  }
}

const byEvent = (a: { date: string; eventId: string }, b: { date: string; eventId: string }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;

/** Which event and market an entry of the sure-bet and value-bet lists is about, in the wire's order. */
const marketOf = (event: OddsEventDto, marketId: number) => ({
  eventId: event.id,
  name: event.name,
  date: event.date,
  competitionId: event.competitionId,
  marketId,
});

/**
 * Sure bets of a country's listed events over the fresh books, largest profit first (then by
 * kick-off, event and market). Legs are in selection order; a leg names the first book (lowest
 * provider id) offering the best price.
 */
export function surebetsOf(
  events: readonly OddsEventDto[],
  includeBoosts: boolean,
  only?: readonly number[],
): SurebetDto[] {
  const list: SurebetDto[] = [];
  for (const { event, marketId, books, selections } of exclusiveMarkets(events, only)) {
    const surebet = findSurebet(books, includeBoosts);
    if (!surebet) continue;
    list.push({
      ...marketOf(event, marketId),
      profitPct: surebet.profitPct,
      legs: surebet.legs.map((leg, i) => ({
        selectionTypeId: selections[i] as number,
        providerId: leg.providerId,
        value: leg.value,
      })),
    });
  }
  return list.sort((a, b) => b.profitPct - a.profitPct || byEvent(a, b) || a.marketId - b.marketId);
}

/**
 * Every unboosted offered price of a country's listed events with edgePct ≥ 0 against the fair
 * probabilities of `method`: plausible ones first, then those marked `checkPrice`, each part
 * largest edge first (then by kick-off, event, market, selection, provider). Markets no book prices whole and unboosted have no fair price and give nothing.
 */
export function valueBetsOf(events: readonly OddsEventDto[], method: DevigMethod): ValueBetDto[] {
  const list: Array<ValueBetDto & { order: number }> = [];
  for (const { event, marketId, books, selections } of exclusiveMarkets(events)) {
    const fair = fairMarket(books, method);
    if (!fair) continue;
    for (const book of books) {
      book.prices.forEach((price, i) => {
        const p = fair.probabilities[i] ?? 0;
        const fairPrice = fairValue(p);
        // Boosted prices are neither in the fair odds nor on the list.
        const offered = priceValue(price, false);
        if (offered === null || fairPrice === null || !isValueBet(offered, p, 0)) return;
        const edge = edgePct(offered, p);
        list.push({
          ...marketOf(event, marketId),
          selectionTypeId: selections[i] as number,
          providerId: book.providerId,
          value: offered,
          fairValue: fairPrice,
          edgePct: edge,
          checkPrice: edge > IMPLAUSIBLE_EDGE_PCT,
          order: i,
        });
      });
    }
  }
  list.sort(
    (a, b) =>
      Number(a.checkPrice) - Number(b.checkPrice) ||
      b.edgePct - a.edgePct ||
      byEvent(a, b) ||
      a.marketId - b.marketId ||
      a.order - b.order ||
      a.providerId - b.providerId,
  );
  return list.map(({ order: _order, ...entry }) => entry);
}

/**
 * The entries with edgePct ≥ `minPct` of a list sorted by {@link valueBetsOf}, in its order; with
 * `only`, the prices of those books alone (their fair prices still come from every fresh book).
 */
export function valuesAtLeast(list: readonly ValueBetDto[], minPct: number, only?: readonly number[]): ValueBetDto[] {
  return list.filter((entry) => entry.edgePct >= minPct && (only === undefined || only.includes(entry.providerId)));
}

export class BettingLists {
  private generation = -1;
  private readonly surebetAnswers = new Map<string, SnapshotEntry>();
  private readonly valueLists = new Map<string, ValueBetDto[]>();
  private readonly valueAnswers = new Map<string, SnapshotEntry>();

  constructor(private readonly snapshot: OddsSnapshot) {}

  /** `{surebets}` of a country (over `only` books when given); undefined before the first snapshot. */
  async surebets(
    countryId: number,
    includeBoosts: boolean,
    only?: readonly number[],
  ): Promise<SnapshotEntry | undefined> {
    await this.snapshot.catchUp();
    this.sync();
    const key = `${countryId}|${includeBoosts ? 1 : 0}|${only?.join(',') ?? '*'}`;
    const hit = this.surebetAnswers.get(key);
    if (hit) return hit;
    const events = this.snapshot.countryEvents(countryId);
    if (!events) return undefined;
    const entry = snapshotEntry({ surebets: surebetsOf(events, includeBoosts, only) });
    this.surebetAnswers.set(key, entry);
    return entry;
  }

  /** `{values}` of a country with edgePct ≥ `minPct` (at `only` books when given); undefined before the first snapshot. */
  async values(
    countryId: number,
    method: DevigMethod,
    minPct: number,
    only?: readonly number[],
  ): Promise<SnapshotEntry | undefined> {
    await this.snapshot.catchUp();
    this.sync();
    const key = `${countryId}|${method}|${minPct}|${only?.join(',') ?? '*'}`;
    const hit = this.valueAnswers.get(key);
    if (hit) return hit;
    const listKey = `${countryId}|${method}`;
    let list = this.valueLists.get(listKey);
    if (!list) {
      const events = this.snapshot.countryEvents(countryId);
      if (!events) return undefined;
      list = valueBetsOf(events, method);
      this.valueLists.set(listKey, list);
    }
    const entry = snapshotEntry({ values: valuesAtLeast(list, minPct, only) });
    if (this.valueAnswers.size >= MAX_VALUE_ANSWERS) {
      const oldest = this.valueAnswers.keys().next();
      if (!oldest.done) this.valueAnswers.delete(oldest.value);
    }
    this.valueAnswers.set(key, entry);
    return entry;
  }

  /** Forgets every answer when the snapshot was rebuilt. */
  private sync(): void {
    if (this.generation === this.snapshot.generation) return;
    this.generation = this.snapshot.generation;
    this.surebetAnswers.clear();
    this.valueLists.clear();
    this.valueAnswers.clear();
  }
}
