/**
 * A market view's JSON, written out row by row and field by field: the same text as
 * `JSON.stringify(market)` for every view `marketDto` makes (its fields in the order it makes them).
 * A rebuild serializes every row it made again (a kept row keeps its text: country-listing.ts), and
 * that is its largest single cost after the views. A row's pieces are gathered in one array kept
 * from row to row and joined once into one flat string: text added piece by piece makes a chain of
 * intermediate strings per row, and an array made per row grows a few times; both are garbage the
 * young generation then collects, thousands of rows per rebuild.
 * market-json.test.ts holds it to `JSON.stringify` over every optional field; a field added to the
 * wire shape fails that test until it is written here too.
 */
import type { MarketOddsDto, OddsPriceDto, ProviderOddsDto } from '@shared/contract/odds';

/** Small whole numbers (ids, flags) as text, made once. */
const SMALL = Array.from({ length: 1024 }, (_, i) => `${i}`);
/**
 * Numbers of two decimals (prices, margins) from -100 to 1,000 as text, made once each, kept by
 * hundredths (about 1.8 MB): most of a rebuild's numbers are such, and each conversion would
 * allocate its string.
 */
const CENTS_OFFSET = 10_000;
const CENTS = 110_001;
const centTexts: string[] = new Array<string>(CENTS).fill('');
const centValues = new Float64Array(CENTS).fill(Number.NaN);

/** A number as JSON writes it (a non-finite one as null). */
function num(n: number | null): string {
  if (n === null) return 'null';
  if (n >= 0 && n < 1024 && (n | 0) === n) return SMALL[n] as string;
  const slot = Math.round(n * 100) + CENTS_OFFSET;
  // Only a finite number falls in a slot (NaN and ±Infinity fail the bounds).
  if (slot >= 0 && slot < CENTS) {
    if (centValues[slot] === n) return centTexts[slot] as string;
    // `${n}` and JSON.stringify(n) agree for finite numbers; the slot holds one whose hundredths match.
    const text = `${n}`;
    if (Math.round(n * 100) / 100 === n) {
      centValues[slot] = n;
      centTexts[slot] = text;
    }
    return text;
  }
  return Number.isFinite(n) ? `${n}` : 'null';
}

/**
 * The pieces of the JSON being written, for every market in turn: the slots past the current
 * market's pieces hold empty strings, which add nothing to the join.
 */
const pieces: string[] = [];
let count = 0;

function put(text: string): void {
  pieces[count] = text;
  count += 1;
}

/** Text made once per small key (an id, a flag set) and kept: a field's name with its value. */
function keptTexts(make: (n: number) => string): (n: number) => string {
  const texts: string[] = [];
  return (n) => {
    if (n >= 0 && n < 1024 && (n | 0) === n) return (texts[n] ??= make(n));
    return make(n);
  };
}

const cellHead = keptTexts((id) => `{"selectionTypeId":${num(id)},"value":`);
const flagsText = keptTexts((flags) => `,"flags":${num(flags)}`);
const rowHead = keptTexts((id) => `{"providerId":${num(id)},"margin":`);
const marketHead = keptTexts((id) => `{"marketId":${num(id)},"odds":[`);

/** A cell's close with its change time, kept for the last time written (a batch's cells share a few). */
let lastChangedAt = '';
let lastChangedTail = '';
function changedTail(changedAt: string): string {
  if (changedAt !== lastChangedAt) {
    // An ISO 8601 date (wireDate) has nothing JSON escapes: quoted as it is.
    lastChangedTail = `,"changedAt":"${changedAt}"}`;
    lastChangedAt = changedAt;
  }
  return lastChangedTail;
}

function writePrice(o: OddsPriceDto): void {
  put(cellHead(o.selectionTypeId));
  put(num(o.value));
  put(flagsText(o.flags));
  if (o.was !== undefined) {
    put(',"was":');
    put(num(o.was));
  }
  put(o.changedAt === undefined ? '}' : changedTail(o.changedAt));
}

function writeRow(row: ProviderOddsDto): void {
  put(rowHead(row.providerId));
  put(num(row.margin));
  if (row.marginPartial !== undefined) put(row.marginPartial ? ',"marginPartial":true' : ',"marginPartial":false');
  put(',"odds":[');
  for (let i = 0; i < row.odds.length; i += 1) {
    if (i > 0) put(',');
    writePrice(row.odds[i] as OddsPriceDto);
  }
  put(row.stale === undefined ? ']}' : row.stale ? '],"stale":true}' : '],"stale":false}');
}

/** A book's row of a market view as JSON, as one flat string. */
export function rowJson(row: ProviderOddsDto): string {
  const used = count;
  count = 0;
  writeRow(row);
  for (let i = count; i < used; i += 1) pieces[i] = '';
  return pieces.join('');
}

/**
 * A market view's JSON from its rows' (`rowJson`, in order). Put together by concatenation, which
 * V8 keeps as a rope over the rows' strings: a market whose other rows stayed shares their text
 * with its predecessor instead of copying it.
 */
export function marketJsonOf(marketId: number, rows: readonly string[]): string {
  let json = marketHead(marketId);
  for (let i = 0; i < rows.length; i += 1) json = i > 0 ? `${json},${rows[i] as string}` : json + (rows[i] as string);
  return `${json}]}`;
}

/** A market view's JSON. */
export const marketJson = (market: MarketOddsDto): string => marketJsonOf(market.marketId, market.odds.map(rowJson));
