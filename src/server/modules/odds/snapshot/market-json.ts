/**
 * A market view's JSON, written out field by field: the same text as `JSON.stringify(market)` for
 * every view `marketDto` makes (its fields in the order it makes them). A rebuild serializes every
 * market view it computed again, and that is its largest single cost: the pieces are gathered and
 * joined once into one flat string (text added piece by piece makes a chain of intermediate strings
 * per market, garbage the young generation then collects, and the hash flattens anyway).
 * market-json.test.ts holds it to `JSON.stringify` over every optional field; a field added to the
 * wire shape fails that test until it is written here too.
 */
import type { MarketOddsDto, OddsPriceDto, ProviderOddsDto } from '@shared/contract/odds';

/** A number as JSON writes it (a non-finite one as null). */
const num = (n: number | null): string => (n !== null && Number.isFinite(n) ? `${n}` : 'null');

function writePrice(out: string[], o: OddsPriceDto): void {
  out.push('{"selectionTypeId":', num(o.selectionTypeId), ',"value":', num(o.value), ',"flags":', num(o.flags));
  if (o.was !== undefined) out.push(',"was":', num(o.was));
  if (o.changedAt !== undefined) out.push(',"changedAt":', JSON.stringify(o.changedAt));
  out.push('}');
}

function writeRow(out: string[], row: ProviderOddsDto): void {
  out.push('{"providerId":', num(row.providerId), ',"margin":', num(row.margin));
  if (row.marginPartial !== undefined) out.push(',"marginPartial":', `${row.marginPartial}`);
  out.push(',"odds":[');
  for (let i = 0; i < row.odds.length; i += 1) {
    if (i > 0) out.push(',');
    writePrice(out, row.odds[i] as OddsPriceDto);
  }
  out.push(']');
  if (row.stale !== undefined) out.push(',"stale":', `${row.stale}`);
  out.push('}');
}

function writeMarket(out: string[], market: MarketOddsDto): void {
  out.push('{"marketId":', num(market.marketId), ',"odds":[');
  for (let i = 0; i < market.odds.length; i += 1) {
    if (i > 0) out.push(',');
    writeRow(out, market.odds[i] as ProviderOddsDto);
  }
  out.push(']}');
}

export function marketJson(market: MarketOddsDto): string {
  const out: string[] = [];
  writeMarket(out, market);
  return out.join('');
}

/** `before`, the market's JSON and `after`, as one flat string. */
export function marketJsonWithin(before: string, market: MarketOddsDto, after: string): string {
  const out: string[] = [before];
  writeMarket(out, market);
  out.push(after);
  return out.join('');
}
