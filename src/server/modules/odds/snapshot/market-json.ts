/**
 * A market view's JSON, written out field by field: the same text as `JSON.stringify(market)` for
 * every view `marketDto` makes (its fields in the order it makes them). A rebuild serializes every
 * market view it computed again, and that is its largest single cost. The pieces are gathered in
 * one array kept from market to market and joined once into one flat string: text added piece by
 * piece makes a chain of intermediate strings per market, and an array made per market grows a few
 * times; both are garbage the young generation then collects, thousands of markets per rebuild.
 * market-json.test.ts holds it to `JSON.stringify` over every optional field; a field added to the
 * wire shape fails that test until it is written here too.
 */
import type { MarketOddsDto, OddsPriceDto, ProviderOddsDto } from '@shared/contract/odds';

/** A number as JSON writes it (a non-finite one as null). */
const num = (n: number | null): string => (n !== null && Number.isFinite(n) ? `${n}` : 'null');

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

function writePrice(o: OddsPriceDto): void {
  put('{"selectionTypeId":');
  put(num(o.selectionTypeId));
  put(',"value":');
  put(num(o.value));
  put(',"flags":');
  put(num(o.flags));
  if (o.was !== undefined) {
    put(',"was":');
    put(num(o.was));
  }
  if (o.changedAt !== undefined) {
    put(',"changedAt":');
    put(JSON.stringify(o.changedAt));
  }
  put('}');
}

function writeRow(row: ProviderOddsDto): void {
  put('{"providerId":');
  put(num(row.providerId));
  put(',"margin":');
  put(num(row.margin));
  if (row.marginPartial !== undefined) put(`,"marginPartial":${row.marginPartial}`);
  put(',"odds":[');
  for (let i = 0; i < row.odds.length; i += 1) {
    if (i > 0) put(',');
    writePrice(row.odds[i] as OddsPriceDto);
  }
  put(']');
  if (row.stale !== undefined) put(`,"stale":${row.stale}`);
  put('}');
}

/** `before`, the market's JSON and `after`, as one flat string. */
export function marketJsonWithin(before: string, market: MarketOddsDto, after: string): string {
  const used = count;
  count = 0;
  put(before);
  put('{"marketId":');
  put(num(market.marketId));
  put(',"odds":[');
  for (let i = 0; i < market.odds.length; i += 1) {
    if (i > 0) put(',');
    writeRow(market.odds[i] as ProviderOddsDto);
  }
  put(']}');
  put(after);
  for (let i = count; i < used; i += 1) pieces[i] = '';
  const text = pieces.join('');
  return text;
}

export function marketJson(market: MarketOddsDto): string {
  return marketJsonWithin('', market, '');
}
