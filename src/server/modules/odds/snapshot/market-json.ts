/**
 * A market view's JSON, written out field by field: the same text as `JSON.stringify(market)` for
 * every view `marketDto` makes (its fields in the order it makes them), in about two thirds of the
 * time (with the flattening its hash needs). A rebuild serializes every market view it computed
 * again, and that is its largest single cost.
 * market-json.test.ts holds it to `JSON.stringify` over every optional field; a field added to the
 * wire shape fails that test until it is written here too.
 */
import type { MarketOddsDto, OddsPriceDto, ProviderOddsDto } from '@shared/contract/odds';

/** A number as JSON writes it (a non-finite one as null). */
const num = (n: number | null): string => (n !== null && Number.isFinite(n) ? `${n}` : 'null');

function priceJson(o: OddsPriceDto): string {
  let out = `{"selectionTypeId":${num(o.selectionTypeId)},"value":${num(o.value)},"flags":${num(o.flags)}`;
  if (o.was !== undefined) out += `,"was":${num(o.was)}`;
  if (o.changedAt !== undefined) out += `,"changedAt":${JSON.stringify(o.changedAt)}`;
  return `${out}}`;
}

function rowJson(row: ProviderOddsDto): string {
  let out = `{"providerId":${num(row.providerId)},"margin":${num(row.margin)}`;
  if (row.marginPartial !== undefined) out += `,"marginPartial":${row.marginPartial}`;
  out += ',"odds":[';
  for (let i = 0; i < row.odds.length; i += 1) out += (i > 0 ? ',' : '') + priceJson(row.odds[i] as OddsPriceDto);
  out += ']';
  if (row.stale !== undefined) out += `,"stale":${row.stale}`;
  return `${out}}`;
}

export function marketJson(market: MarketOddsDto): string {
  let out = `{"marketId":${num(market.marketId)},"odds":[`;
  for (let i = 0; i < market.odds.length; i += 1) {
    out += (i > 0 ? ',' : '') + rowJson(market.odds[i] as ProviderOddsDto);
  }
  return `${out}]}`;
}
