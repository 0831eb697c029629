/**
 * From stored rows to the odds API's wire shape, with its computations:
 * margin per provider row on regular prices (null with a missing selection, or with a boost
 * whose regular price is unknown: `marginPartial`), Best (highest shown price per selection
 * across providers, all on a tie), Increased/Decreased (direction of the last change while
 * it is younger than the movement window), `was`/`changedAt` (the last change), Boosted (from
 * the feed). Pure: the clock comes in.
 */
import type {
  EventSource,
  MarketOddsDto,
  OddsEventDto,
  OddsPriceDto,
  ProviderOddsDto,
  SummaryDto,
} from '@shared/contract/odds';
import { MARKETS, MATCH_RESULT_MARKET_ID, OddsFlag } from '@shared/lookups';
import { marketMarginOf, movementFlag } from '@shared/odds-math';
import type { CurrentPrice } from '../current-price';
import type { UpcomingEvent } from '../upcoming-event';

/**
 * What the loops below use of the shared modules, taken once: the server runs as CommonJS
 * (compiled on load), where each use of an imported name is a property read through a getter.
 */
const BEST = OddsFlag.Best;
const BOOSTED = OddsFlag.Boosted;
const flagOfMove = movementFlag;
const marginOfValues = marketMarginOf;
const ALL_MARKETS = MARKETS;

/** Increased/Decreased show for 60 minutes after a change. */
export const DEFAULT_MOVEMENT_WINDOW_MS = 60 * 60 * 1000;

/**
 * A book's prices of a league count (Best, sure bets, value bets, the slip's comparison) while its
 * latest applied read of that league is at most this old; older ones are shown marked stale
 *. The one place this limit is set.
 */
export const FRESH_PRICE_MS = 10 * 60 * 1000;

/** Whether a book's prices of an event's league are stale (no read within {@link FRESH_PRICE_MS}). */
export type StaleBook = (providerId: number, event: Pick<UpcomingEvent, 'countryId' | 'competitionId'>) => boolean;

const neverStale: StaleBook = () => false;

interface EventsView {
  /** Upcoming events with at least one price, by kick-off (then id), each with all its markets. */
  events: OddsEventDto[];
  /** The earliest future moment the view changes by time alone (a flag ages out, a match kicks off). */
  nextChangeAt: number | null;
}

/** Recent conversions: a batch's prices share a few change times, a league's matches a few kick-offs. */
const wireDates = new Map<number, string>();
const WIRE_DATES_KEPT = 4096;

/** The last conversion: a market's cells, and a batch's, mostly share one change time. */
let lastMs = Number.NaN;
let lastText = '';

/** ISO 8601 in UTC, without milliseconds when they are zero ("2026-11-28T15:00:00Z"). */
export function wireDate(ms: number): string {
  if (ms === lastMs) return lastText;
  let text = wireDates.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString().replace('.000Z', 'Z');
    if (wireDates.size >= WIRE_DATES_KEPT) wireDates.clear();
    wireDates.set(ms, text);
  }
  lastMs = ms;
  lastText = text;
  return text;
}

function priceFlags(price: CurrentPrice | undefined, now: number, windowMs: number): number {
  if (!price || price.value === null) return 0;
  let flags = price.boosted ? BOOSTED : 0;
  if (now - price.changedAt < windowMs) flags |= flagOfMove(price.previousValue, price.value);
  return flags;
}

/** The price a cell shows as `was` (its last change's), when it moved since first seen. */
function wasOf(price: CurrentPrice | undefined): number | undefined {
  return price && price.value !== null && price.previousValue !== null && price.previousValue !== price.value
    ? price.previousValue
    : undefined;
}

/** One cell: the shown price, its flags and, when it moved since first seen, from what and when. */
function priceDto(selectionTypeId: number, price: CurrentPrice | undefined, flags: number): OddsPriceDto {
  const was = wasOf(price);
  // Each shape made whole in one literal: cells of one shape share one hidden class.
  if (was !== undefined) {
    const { value, changedAt } = price as CurrentPrice;
    return { selectionTypeId, value, flags, was, changedAt: wireDate(changedAt) };
  }
  return { selectionTypeId, value: price?.value ?? null, flags };
}

/**
 * The books with a price among a market's prices, ascending, in `books`; returns how many. A market
 * has a few books: each is put in its place, with no sort and no array made per market.
 */
function booksOf(prices: readonly CurrentPrice[], books: number[]): number {
  let count = 0;
  for (let p = 0; p < prices.length; p += 1) {
    const providerId = (prices[p] as CurrentPrice).providerId;
    let at = count;
    while (at > 0 && (books[at - 1] as number) > providerId) at -= 1;
    if (at > 0 && books[at - 1] === providerId) continue;
    for (let k = count; k > at; k -= 1) books[k] = books[k - 1] as number;
    books[at] = providerId;
    count += 1;
  }
  return count;
}

/** A market's books as `booksOf` finds them, kept from market to market. */
const marketBooks: number[] = [];
/** A row's regular prices (NaN: none), kept likewise. */
const regularValues = new Float64Array(16);
/**
 * A market's cells before they are made, book after book (`book × selections + selection`): each
 * one's price, shown value (NaN: none) and flags, and each row's margin (NaN: none), whether it is
 * partial and whether its book is stale; kept likewise, grown when a market needs more.
 */
const cellPrices: Array<CurrentPrice | undefined> = [];
let cellValues = new Float64Array(64);
let cellFlags = new Int32Array(64);
let rowMargins = new Float64Array(16);
let rowPartial = new Uint8Array(16);
let rowStale = new Uint8Array(16);

/** Room in the scratch for `books` rows of `n` cells. */
function reserve(books: number, n: number): void {
  if (books * n > cellValues.length) {
    cellValues = new Float64Array(books * n * 2);
    cellFlags = new Int32Array(books * n * 2);
  }
  if (books > rowMargins.length) {
    rowMargins = new Float64Array(books * 2);
    rowPartial = new Uint8Array(books * 2);
    rowStale = new Uint8Array(books * 2);
  }
}

/** A scratch number as the wire shows it (NaN: null). */
const shown = (n: number): number | null => (n === n ? n : null);

/**
 * Whether `row` shows exactly what the scratch holds of book `b` (its cells from `b × n`): every
 * field of the wire shape is compared (a field added to it must be compared here too; the odds-view
 * tests change each in turn).
 */
function sameRow(row: ProviderOddsDto, b: number, selections: readonly number[]): boolean {
  const n = selections.length;
  if (
    row.providerId !== marketBooks[b] ||
    row.margin !== shown(rowMargins[b] as number) ||
    (row.marginPartial === true) !== (rowPartial[b] === 1) ||
    (row.stale === true) !== (rowStale[b] === 1) ||
    row.odds.length !== n
  ) {
    return false;
  }
  for (let i = 0; i < n; i += 1) {
    const cell = row.odds[i] as OddsPriceDto;
    const c = b * n + i;
    if (
      cell.selectionTypeId !== selections[i] ||
      cell.value !== shown(cellValues[c] as number) ||
      cell.flags !== cellFlags[c]
    )
      return false;
    const price = cellPrices[c];
    const was = wasOf(price);
    if (cell.was !== was) return false;
    if (was !== undefined && cell.changedAt !== wireDate((price as CurrentPrice).changedAt)) return false;
  }
  return true;
}

/** Book `b`'s row, made from the scratch. */
function rowDto(b: number, selections: readonly number[]): ProviderOddsDto {
  const n = selections.length;
  // Arrays of their exact length (one grown by push reserves room for 16 more), and the snapshot
  // holds hundreds of thousands of them.
  const odds = new Array<OddsPriceDto>(n);
  for (let i = 0; i < n; i += 1)
    odds[i] = priceDto(selections[i] as number, cellPrices[b * n + i], cellFlags[b * n + i] as number);
  // The wire order: providerId, margin, marginPartial, odds, stale.
  const providerId = marketBooks[b] as number;
  const row: ProviderOddsDto =
    rowPartial[b] === 1
      ? { providerId, margin: null, marginPartial: true, odds }
      : { providerId, margin: shown(rowMargins[b] as number), odds };
  if (rowStale[b] === 1) row.stale = true;
  return row;
}

/**
 * One market's view from its prices (every book's, any order); null when none is priced. A row
 * of `before` (the market's view as last computed) that shows the same is kept as it is, and when
 * every row is, `before` itself is returned: a batch of one book makes new rows of that book only
 * (and of another whose Best or freshness moved), and an unchanged market stays the same object.
 */
function marketDto(
  marketId: number,
  selections: readonly number[],
  prices: readonly CurrentPrice[],
  now: number,
  windowMs: number,
  stale: (providerId: number) => boolean,
  before?: MarketOddsDto,
): MarketOddsDto | null {
  let priced = false;
  const n = selections.length;
  const bookCount = booksOf(prices, marketBooks);
  reserve(bookCount, n);
  // Each price into its cell in one pass (a later one of the same book and selection wins); a
  // price of a selection the market does not have is left out.
  for (let p = 0; p < prices.length; p += 1) {
    const price = prices[p] as CurrentPrice;
    let b = 0;
    while (marketBooks[b] !== price.providerId) b += 1;
    let i = 0;
    while (i < n && selections[i] !== price.selectionId) i += 1;
    if (i < n) cellPrices[b * n + i] = price;
  }
  for (let b = 0; b < bookCount; b += 1) {
    const providerId = marketBooks[b] as number;
    // The margin is on regular prices: a boosted price counts at its regular price, and a boost
    // whose regular price is unknown leaves the margin unknown (the row shows null,
    // `marginPartial`), so a promotion never shows as a negative margin.
    let partial = false;
    for (let i = 0; i < n; i += 1) {
      const c = b * n + i;
      const price = cellPrices[c];
      if (price === undefined || price.value === null) {
        cellValues[c] = Number.NaN;
        cellFlags[c] = 0;
        regularValues[i] = Number.NaN;
        continue;
      }
      priced = true;
      cellValues[c] = price.value;
      cellFlags[c] = priceFlags(price, now, windowMs);
      if (!price.boosted) regularValues[i] = price.value;
      else if (price.regularValue === null) {
        partial = true;
        regularValues[i] = Number.NaN;
      } else regularValues[i] = price.regularValue;
    }
    rowPartial[b] = partial ? 1 : 0;
    rowMargins[b] = partial ? Number.NaN : (marginOfValues(marketId, regularValues, n) ?? Number.NaN);
    rowStale[b] = stale(providerId) ? 1 : 0;
  }
  if (!priced) return null;
  // Best: the highest price of each selection, on every row that has it; a stale book's price is
  // shown but is never the best.
  for (let i = 0; i < n; i += 1) {
    let best = -Infinity;
    // NaN (no price) is never above the best, nor equal to it.
    for (let b = 0; b < bookCount; b += 1) {
      const value = cellValues[b * n + i] as number;
      if (rowStale[b] === 0 && value > best) best = value;
    }
    for (let b = 0; b < bookCount; b += 1) {
      if (rowStale[b] === 0 && cellValues[b * n + i] === best)
        cellFlags[b * n + i] = (cellFlags[b * n + i] as number) | BEST;
    }
  }
  const kept = before?.odds;
  let same = kept !== undefined && kept.length === bookCount;
  const rows = new Array<ProviderOddsDto>(bookCount);
  for (let b = 0; b < bookCount; b += 1) {
    const earlier = kept?.[b];
    if (earlier && sameRow(earlier, b, selections)) rows[b] = earlier;
    else {
      rows[b] = rowDto(b, selections);
      same = false;
    }
  }
  for (let c = 0; c < bookCount * n; c += 1) cellPrices[c] = undefined;
  return same ? (before as MarketOddsDto) : { marketId, odds: rows };
}

/** One event's prices by market. */
type EventPrices = ReadonlyMap<number, readonly CurrentPrice[]>;

function addPrice(markets: Map<number, CurrentPrice[]>, price: CurrentPrice): void {
  const list = markets.get(price.marketId);
  if (list) list.push(price);
  else markets.set(price.marketId, [price]);
}

/** An event's view as computed before, and the markets whose prices changed since. */
export interface EarlierView {
  dto: OddsEventDto;
  changed: ReadonlySet<number>;
}

/** Counts the market views computed (the snapshot's rebuild statistics read it). */
interface Computed {
  markets: number;
}

function eventDto(
  event: Pick<UpcomingEvent, 'id' | 'home' | 'away' | 'kickoffAt' | 'competitionId'>,
  markets: EventPrices,
  now: number,
  windowMs: number,
  stale: (providerId: number) => boolean = () => false,
  earlier?: EarlierView,
  computed?: Computed,
  /** The event's view as last computed, whose rows and markets that show the same are kept. */
  previous?: OddsEventDto,
): OddsEventDto {
  const marketDtos: MarketOddsDto[] = [];
  // The previous view's markets are in MARKETS' order too: one walk finds each one.
  const before = previous?.markets;
  let at = 0;
  for (let mi = 0; mi < ALL_MARKETS.length; mi += 1) {
    const m = ALL_MARKETS[mi] as (typeof ALL_MARKETS)[number];
    let was: MarketOddsDto | undefined;
    if (before) {
      let k = at;
      while (k < before.length && (before[k] as MarketOddsDto).marketId !== m.id) k += 1;
      if (k < before.length) {
        was = before[k] as MarketOddsDto;
        at = k + 1;
      }
    }
    if (earlier && !earlier.changed.has(m.id)) {
      if (was) marketDtos.push(was);
      continue;
    }
    const prices = markets.get(m.id);
    if (!prices) continue;
    if (computed) computed.markets += 1;
    const dto = marketDto(m.id, m.selections, prices, now, windowMs, stale, was);
    if (dto) marketDtos.push(dto);
  }
  return {
    id: event.id,
    // A kept view's row has not moved (the caller vouches): its name and date are taken as they are.
    name: earlier ? earlier.dto.name : `${event.home} vs ${event.away}`,
    date: earlier ? earlier.dto.date : wireDate(event.kickoffAt),
    competitionId: event.competitionId,
    // A copy of the exact length (see marketDto).
    markets: marketDtos.slice(),
  };
}

/**
 * One event in the wire shape with every priced market, whatever its kick-off or status (the
 * match page of a match that is no longer listed: postponed, or kicked off).
 */
export function singleEventView(
  event: Pick<UpcomingEvent, 'id' | 'home' | 'away' | 'kickoffAt' | 'competitionId'>,
  prices: readonly CurrentPrice[],
  now: number,
  windowMs = DEFAULT_MOVEMENT_WINDOW_MS,
): OddsEventDto {
  const markets = new Map<number, CurrentPrice[]>();
  for (const price of prices) if (price.eventId === event.id) addPrice(markets, price);
  return eventDto(event, markets, now, windowMs);
}

/** The earliest future moment a flag of these prices ages out (Infinity: none will). */
function agesOutOf(prices: readonly CurrentPrice[], now: number, windowMs: number): number {
  let at = Infinity;
  for (const price of prices) {
    const agesOutAt = price.changedAt + windowMs;
    if (price.value !== null && price.previousValue !== null && agesOutAt > now && agesOutAt < at) at = agesOutAt;
  }
  return at;
}

/**
 * One listed event's wire shape from its prices by market (null when nothing of it is priced or
 * it kicked off), and the earliest future moment it changes by time alone (a flag ages out,
 * kick-off). `agesOut` holds, per market, the earliest moment one of its flags ages out, as last
 * computed: the markets computed here write theirs. With `earlier`, only the markets it names as
 * changed are computed again; the caller vouches that nothing else the view depends on moved (the
 * event's row, the clock past `nextChangeAt`, a book's freshness), so the others' moments still
 * lie ahead. `computed` counts the markets whose views it computed. `previous` (by default the
 * earlier view) is the event's view as last computed: a computed market keeps its rows, or is the
 * same object, where they show the same (marketDto).
 */
export function eventView(
  event: UpcomingEvent,
  markets: ReadonlyMap<number, readonly CurrentPrice[]>,
  agesOut: Map<number, number>,
  now: number,
  windowMs: number,
  stale: StaleBook,
  earlier?: EarlierView,
  computed?: Computed,
  previous?: OddsEventDto,
): { dto: OddsEventDto | null; nextChangeAt: number } {
  if (event.kickoffAt <= now) return { dto: null, nextChangeAt: Infinity };
  if (earlier) {
    for (const marketId of earlier.changed) {
      const prices = markets.get(marketId);
      if (prices) agesOut.set(marketId, agesOutOf(prices, now, windowMs));
      else agesOut.delete(marketId);
    }
  } else {
    agesOut.clear();
    markets.forEach((prices, marketId) => agesOut.set(marketId, agesOutOf(prices, now, windowMs)));
  }
  let nextChangeAt = event.kickoffAt;
  for (const at of agesOut.values()) if (at < nextChangeAt) nextChangeAt = at;
  // A book's freshness is the same for every market of the event: asked once per book.
  const staleness: boolean[] = [];
  const dto = eventDto(
    event,
    markets,
    now,
    windowMs,
    (providerId) => (staleness[providerId] ??= stale(providerId, event)),
    earlier,
    computed,
    previous ?? earlier?.dto,
  );
  return { dto: dto.markets.length === 0 ? null : dto, nextChangeAt };
}

export function buildEventsView(
  events: readonly UpcomingEvent[],
  prices: readonly CurrentPrice[],
  now: number,
  windowMs = DEFAULT_MOVEMENT_WINDOW_MS,
  stale: StaleBook = neverStale,
): EventsView {
  // event → market → provider → selection
  const grouped = new Map<string, Map<number, CurrentPrice[]>>();
  let nextChangeAt = Infinity;
  for (const price of prices) {
    const markets = grouped.get(price.eventId) ?? new Map<number, CurrentPrice[]>();
    grouped.set(price.eventId, markets);
    addPrice(markets, price);
  }
  for (const markets of grouped.values()) {
    for (const list of markets.values()) nextChangeAt = Math.min(nextChangeAt, agesOutOf(list, now, windowMs));
  }
  const upcoming = events
    .filter((e) => e.kickoffAt > now)
    .sort((a, b) => a.kickoffAt - b.kickoffAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const dtos: OddsEventDto[] = [];
  for (const event of upcoming) {
    const markets = grouped.get(event.id);
    if (!markets) continue;
    const dto = eventDto(event, markets, now, windowMs, (providerId) => stale(providerId, event));
    if (dto.markets.length === 0) continue;
    nextChangeAt = Math.min(nextChangeAt, event.kickoffAt);
    dtos.push(dto);
  }
  return { events: dtos, nextChangeAt: Number.isFinite(nextChangeAt) ? nextChangeAt : null };
}

/** Events of one competition carrying one market, each reduced to that market. */
export function oddsFor(events: readonly OddsEventDto[], competitionId: number, marketId: number): OddsEventDto[] {
  return events.flatMap((event) => {
    if (event.competitionId !== competitionId) return [];
    const market = event.markets.find((m) => m.marketId === marketId);
    return market ? [{ ...event, markets: [market] }] : [];
  });
}

/** The soonest events with a 1X2 market, 1X2 only (at most 5). */
const SAMPLE_SIZE = 5;
export function sampleOf(events: readonly OddsEventDto[]): OddsEventDto[] {
  return events
    .flatMap((event) => {
      const market = event.markets.find((m) => m.marketId === MATCH_RESULT_MARKET_ID);
      return market ? [{ ...event, markets: [market] }] : [];
    })
    .slice(0, SAMPLE_SIZE);
}

/** Summary counts of a country's listed events. */
export function summaryOf(events: readonly OddsEventDto[], source: EventSource, updatedAt: string | null): SummaryDto {
  const competitions = new Set<number>();
  const markets = new Set<number>();
  const providers = new Set<number>();
  let numOdds = 0;
  for (const event of events) {
    competitions.add(event.competitionId);
    for (const market of event.markets) {
      markets.add(market.marketId);
      for (const row of market.odds) {
        const priced = row.odds.filter((o) => o.value !== null).length;
        if (priced > 0) providers.add(row.providerId);
        numOdds += priced;
      }
    }
  }
  const ascending = (a: number, b: number) => a - b;
  return {
    competitionIds: [...competitions].sort(ascending),
    marketIds: [...markets].sort(ascending),
    numEvents: events.length,
    numBookmakers: providers.size,
    numOdds,
    source,
    updatedAt,
  };
}
