/**
 * NairaBet (provider 4), an Altenar widget: `api/widget/GetEvents` per championship. The body
 * is normalized: `events[]` (`id`, `name`, `startDate` in UTC, `competitorIds` [home, away],
 * `marketIds`), `markets[]` (`id`, `typeId`, `name`, `oddIds`, `sv` = totals line), `odds[]`
 * (`id`, `typeId`, `price`, `oddStatus` 0 = open) and `competitors[]` (`id`, `name`), joined
 * here by id. A market whose `name` contains "Enhanced" carries boosted prices; the same
 * market without it gives the regular price.
 */
import { defineBook } from '../book-adapter';
import {
  BatchBuilder,
  asArray,
  idText,
  isObject,
  kickoffFromText,
  namesBoost,
  readJsonAnswer,
  readLine,
  splitTeams,
  totalsSelection,
} from '../parse-support';
import type { BookAnswer, ParseContext, ParseResult } from '../source-types';
import { NAIRABET_LEAGUE_IDS, NAIRABET_MARKETS, NAIRABET_ODD_OPEN } from './nairabet.tables';

export const NAIRABET_PROVIDER = 4;

function byId(list: unknown): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const item of asArray(list)) {
    const id = isObject(item) ? idText(item.id) : undefined;
    if (id !== undefined && isObject(item)) map.set(id, item);
  }
  return map;
}

export function parseNairaBet(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(NAIRABET_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return out.result(false);
  if (!isObject(json) || (json.events !== undefined && !Array.isArray(json.events))) {
    out.log.add('unexpected-shape', 'no events list');
    return out.result(false);
  }
  const markets = byId(json.markets);
  const odds = byId(json.odds);
  const competitors = byId(json.competitors);
  for (const event of asArray(json.events)) {
    if (!isObject(event) || idText(event.id) === undefined) {
      out.log.add('malformed-item', JSON.stringify(event)?.slice(0, 80));
      continue;
    }
    const id = String(event.id);
    const prices = out.prices();
    for (const marketRef of asArray(event.marketIds)) {
      const market = markets.get(idText(marketRef) ?? '');
      if (!market) {
        out.log.add('malformed-item', `event ${id}: market ${String(marketRef)} not in markets`);
        continue;
      }
      const typeId = String(market.typeId);
      const table = NAIRABET_MARKETS[typeId];
      if (!table) {
        out.log.add('unknown-market', `event ${id} market type ${typeId} ${String(market.name ?? '')}`.trim());
        continue;
      }
      const line = table.kind === 'totals' ? readLine(market.sv) : undefined;
      if (table.kind === 'totals' && totalsSelection(line, 'over') === 'line-ignored') {
        out.log.add('line-ignored', `event ${id} total ${String(market.sv)}`);
        continue;
      }
      const boosted = namesBoost(market.name);
      let unknown = false;
      for (const oddRef of asArray(market.oddIds)) {
        const odd = odds.get(idText(oddRef) ?? '');
        const oddType = odd ? String(odd.typeId) : '';
        const where = `event ${id} market ${String(market.id)} odd ${String(oddRef)}`;
        let target: { market: number; selection: number } | undefined;
        if (table.kind === 'fixed') {
          const selection = table.odds[oddType];
          if (selection !== undefined) target = { market: table.market, selection };
        } else if (oddType === table.over || oddType === table.under) {
          const t = totalsSelection(line, oddType === table.over ? 'over' : 'under');
          if (t !== 'line-ignored') target = t;
        }
        if (!odd || !target) {
          if (!unknown) out.log.add(odd ? 'unknown-market' : 'malformed-item', where);
          unknown = true;
          continue;
        }
        const open = odd.oddStatus === NAIRABET_ODD_OPEN;
        prices.add(target.market, target.selection, open ? odd.price : null, { boosted, where });
      }
    }
    const ids = asArray(event.competitorIds).map((c) => competitors.get(idText(c) ?? '')?.name);
    const split = splitTeams(event.name);
    out.add({
      externalId: event.id,
      home: ids[0] ?? split?.[0],
      away: ids[1] ?? split?.[1],
      kickoff: kickoffFromText(event.startDate, 'Z'),
      prices,
    });
  }
  return out.result(true);
}

export const nairabet = defineBook({
  id: 'nairabet',
  provider: NAIRABET_PROVIDER,
  name: 'NairaBet',
  envKey: 'NAIRABET',
  defaultBaseUrl: 'https://sb2frontend-altenar2.biahosted.com',
  leagueIds: NAIRABET_LEAGUE_IDS,
  path: (champ) =>
    '/api/widget/GetEvents?culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1' +
    `&numFormat=en-GB&countryCode=NG&champIds=${champ}`,
  parse: parseNairaBet,
});
