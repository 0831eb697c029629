/**
 * One country's listed events, kept in order as batches change them: per competition, by kick-off
 * (then id), with each event's JSON per market (what its odds answers are made of) and the
 * counts of the summary. A batch moves only the events it changed; nothing walks or sorts the
 * whole country again.
 */
import type { EventSource, MarketOddsDto, OddsEventDto, ProviderOddsDto, SummaryDto } from '@shared/contract/odds';
import { MATCH_RESULT_MARKET_ID } from '@shared/lookups';
import { marketJsonOf, rowJson } from './market-json';

/**
 * One market of an event: its view, its rows' JSON and the market's, and what the summary counts
 * of it: its priced cells and the books with a price in it. The event reduced to that market, as
 * its odds answers list it, is the event's head, this JSON and `]}` (`EVENT_TAIL`). A market whose
 * JSON did not move keeps its fragment, the same object (`fragment`): a new fragment is a moved
 * market.
 */
export interface Fragment {
  market: MarketOddsDto;
  /** Each row's JSON, in the view's order. */
  rows: readonly string[];
  json: string;
  priced: number;
  pricedBy: readonly number[];
  /**
   * The event's place in its odds answer's list as last put together (-1: not yet). A new fragment
   * of a market whose event keeps its place in the list takes over its predecessor's place, so the
   * answer can be patched at that place instead of being put together again.
   */
  at: number;
}

/** What closes an event reduced to one market, after its head and the market's JSON. */
export const EVENT_TAIL = ']}';

/**
 * A listed event: its wire shape, its head and, per market id, its market's fragment. The listing
 * holds it by reference: a new view at the same place is written into it (`replace`).
 */
export interface ListedEvent {
  dto: OddsEventDto;
  /** Its JSON up to its markets' list (every field but `markets`, in the DTO's order). */
  head: string;
  fragments: Map<number, Fragment>;
}

/** The books with a price in the market being counted, kept from fragment to fragment. */
const pricingBooks: number[] = [];

/** Whether `pricedBy` holds the first `books` of `pricingBooks`. */
function samePricing(pricedBy: readonly number[], books: number): boolean {
  if (pricedBy.length !== books) return false;
  for (let i = 0; i < books; i += 1) if (pricedBy[i] !== pricingBooks[i]) return false;
  return true;
}

/**
 * A market's fragment; `previous`, the market's fragment before, when it shows the same (its view
 * is the same object, or its rows write the same JSON). Only the rows not kept from the previous
 * view (marketDto keeps those that show the same) are written out.
 */
function fragment(market: MarketOddsDto, previous?: Fragment): Fragment {
  if (previous?.market === market) return previous;
  const rows = new Array<string>(market.odds.length);
  let same = previous !== undefined && previous.rows.length === rows.length;
  for (let r = 0; r < rows.length; r += 1) {
    const row = market.odds[r] as ProviderOddsDto;
    const json = previous?.market.odds[r] === row ? (previous.rows[r] as string) : rowJson(row);
    if (same && json !== previous?.rows[r]) same = false;
    rows[r] = json;
  }
  if (same && previous) {
    // The view that shows it now: the next view keeps its rows (marketDto), found here by identity.
    previous.market = market;
    return previous;
  }
  let priced = 0;
  let books = 0;
  for (const row of market.odds) {
    let n = 0;
    for (const o of row.odds) if (o.value !== null) n += 1;
    if (n > 0) pricingBooks[books++] = row.providerId;
    priced += n;
  }
  return {
    market,
    rows,
    json: marketJsonOf(market.marketId, rows),
    priced,
    // The previous fragment's when the same books price it (usually), else a copy of its exact
    // length: the snapshot holds one per listed market.
    pricedBy: previous && samePricing(previous.pricedBy, books) ? previous.pricedBy : pricingBooks.slice(0, books),
    at: -1,
  };
}

/** An event's JSON up to its markets: `JSON.stringify(dto)` as far as `"markets":[` (markets come last). */
export function headOf(dto: OddsEventDto): string {
  let out = '{';
  for (const [key, value] of Object.entries(dto)) {
    if (key !== 'markets' && value !== undefined) out += `${JSON.stringify(key)}:${JSON.stringify(value)},`;
  }
  return `${out}"markets":[`;
}

/**
 * A listed event from its view: its head and its markets' fragments (`before`: its fragments as
 * listed, kept for the markets that show the same).
 */
export function listedEvent(dto: OddsEventDto, before?: ReadonlyMap<number, Fragment>): ListedEvent {
  return { dto, head: headOf(dto), fragments: fragmentsOf(dto, before) };
}

/** Whether two fragments of a market count the same in the summary (usually: the same books priced it). */
function sameCounts(a: Fragment, b: Fragment): boolean {
  if (a.priced !== b.priced || a.pricedBy.length !== b.pricedBy.length) return false;
  for (let i = 0; i < a.pricedBy.length; i += 1) if (a.pricedBy[i] !== b.pricedBy[i]) return false;
  return true;
}

/** An event's markets' fragments, by market id. */
function fragmentsOf(dto: OddsEventDto, before?: ReadonlyMap<number, Fragment>): Map<number, Fragment> {
  const out = new Map<number, Fragment>();
  for (const m of dto.markets) out.set(m.marketId, fragment(m, before?.get(m.marketId)));
  return out;
}

export const byKickoff = (a: OddsEventDto, b: OddsEventDto) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Where `dto` sits (or would sit) in a list ordered by {@link byKickoff}. */
function position(list: readonly ListedEvent[], dto: OddsEventDto): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byKickoff((list[mid] as ListedEvent).dto, dto) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many listed events carry each key (a competition, a market, a bookmaker with a price). */
class Counter {
  private readonly counts = new Map<number, number>();
  add(key: number, by: number): void {
    const n = (this.counts.get(key) ?? 0) + by;
    if (n === 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }
  get size(): number {
    return this.counts.size;
  }
  sorted(): number[] {
    return [...this.counts.keys()].sort((a, b) => a - b);
  }
}

const SAMPLE_SIZE = 5;

export class CountryListing {
  private readonly byCompetition = new Map<number, ListedEvent[]>();
  /** The listed events by kick-off (then id) as last merged: kept while none joins or leaves. */
  private order: ListedEvent[] | null = null;
  /** Their views, as last read: kept while none changes. */
  private merged: OddsEventDto[] | null = null;
  private readonly competitions = new Counter();
  private readonly markets = new Counter();
  private readonly providers = new Counter();
  private numOdds = 0;
  private numEvents = 0;

  add(item: ListedEvent): void {
    const list = this.byCompetition.get(item.dto.competitionId) ?? [];
    this.byCompetition.set(item.dto.competitionId, list);
    list.splice(position(list, item.dto), 0, item);
    this.count(item, 1);
  }

  /**
   * Writes `item`, a new view of the same event at the same kick-off, into `before`, its place in
   * the listing, and returns that place. Only the markets whose fragments are not the same objects
   * are counted out and in again; a market it still has keeps its place in its answer's list.
   */
  replace(before: ListedEvent, item: ListedEvent): ListedEvent {
    this.merged = null;
    for (const [market, f] of before.fragments) if (item.fragments.get(market) !== f) this.countMarket(market, f, -1);
    for (const [market, f] of item.fragments) {
      const was = before.fragments.get(market);
      if (was !== f) this.countMarket(market, f, 1);
      if (was) f.at = was.at;
    }
    before.dto = item.dto;
    before.head = item.head;
    before.fragments = item.fragments;
    return before;
  }

  /**
   * Writes `dto`, a new view of a listed event whose row did not move, into its place, where only
   * the markets in `changed` may differ: their fragments are made again in place (keeping their
   * places in their answers' lists) and counted out and in again, the others' stay as they are.
   * Returns the markets whose JSON moved.
   */
  update(item: ListedEvent, dto: OddsEventDto, changed: ReadonlySet<number>): number[] {
    this.merged = null;
    const moved: number[] = [];
    for (const marketId of changed) {
      let market: MarketOddsDto | undefined;
      for (const m of dto.markets) if (m.marketId === marketId) market = m;
      const was = item.fragments.get(marketId);
      const now = market ? fragment(market, was) : undefined;
      if (was === now) continue;
      if (!was || !now || !sameCounts(was, now)) {
        if (was) this.countMarket(marketId, was, -1);
        if (now) this.countMarket(marketId, now, 1);
      }
      if (now) {
        if (was) now.at = was.at;
        item.fragments.set(marketId, now);
      } else item.fragments.delete(marketId);
      moved.push(marketId);
    }
    item.dto = dto;
    return moved;
  }

  remove(item: ListedEvent): void {
    const list = this.byCompetition.get(item.dto.competitionId) ?? [];
    const at = position(list, item.dto);
    if (list[at] !== item) throw new Error(`listing out of order at ${item.dto.id}`);
    list.splice(at, 1);
    this.count(item, -1);
  }

  /** A competition's listed events, in order. */
  competition(competitionId: number): readonly ListedEvent[] {
    return this.byCompetition.get(competitionId) ?? [];
  }

  /** Every listed event by kick-off (then id): the competitions' lists merged. */
  events(): readonly OddsEventDto[] {
    this.order ??= [...this.inOrder()];
    this.merged ??= this.order.map((item) => item.dto);
    return this.merged;
  }

  /** The listed events by kick-off (then id), merged from the competitions' lists as far as read. */
  private *inOrder(): Generator<ListedEvent> {
    const lists = [...this.byCompetition.values()];
    const at = lists.map(() => 0);
    for (;;) {
      let best: ListedEvent | undefined;
      let from = -1;
      lists.forEach((list, i) => {
        const next = list[at[i] as number];
        if (next && (!best || byKickoff(next.dto, best.dto) < 0)) {
          best = next;
          from = i;
        }
      });
      if (!best) return;
      at[from] = (at[from] as number) + 1;
      yield best;
    }
  }

  /** The summary of the listed events (the same counts as `summaryOf` over them). */
  summary(source: EventSource, updatedAt: string | null): SummaryDto {
    return {
      competitionIds: this.competitions.sorted(),
      marketIds: this.markets.sorted(),
      numEvents: this.numEvents,
      numBookmakers: this.providers.size,
      numOdds: this.numOdds,
      source,
      updatedAt,
    };
  }

  /** The soonest events with a 1X2 market, 1X2 only (the same as `sampleOf` over them). */
  sample(): OddsEventDto[] {
    const out: OddsEventDto[] = [];
    for (const { dto: event } of this.order ?? this.inOrder()) {
      const market = event.markets.find((m) => m.marketId === MATCH_RESULT_MARKET_ID);
      if (market) out.push({ ...event, markets: [market] });
      if (out.length === SAMPLE_SIZE) break;
    }
    return out;
  }

  private count(item: ListedEvent, by: 1 | -1): void {
    this.order = null;
    this.merged = null;
    this.numEvents += by;
    this.competitions.add(item.dto.competitionId, by);
    for (const [market, f] of item.fragments) this.countMarket(market, f, by);
  }

  /**
   * One event's market in or out of the counts. Books are counted per (event, market) they price:
   * the summary needs only which books price anything listed.
   */
  private countMarket(marketId: number, { priced, pricedBy }: Fragment, by: 1 | -1): void {
    this.markets.add(marketId, by);
    this.numOdds += by * priced;
    for (const p of pricedBy) this.providers.add(p, by);
  }
}
