/**
 * NairaBet (provider 4), an Altenar widget: `api/widget/GetEvents` per championship. The body
 * is normalized: `events[]` (`id`, `name`, `startDate` in UTC, `competitorIds` [home, away],
 * `marketIds`), `markets[]` (`id`, `typeId`, `name`, `oddIds`, `sv` = totals line), `odds[]`
 * (`id`, `typeId`, `price`, `oddStatus` 0 = open) and `competitors[]` (`id`, `name`), joined
 * here by id. A market whose `name` contains "Enhanced" carries boosted prices; the same
 * market without it gives the regular price. The real list answer carries 1X2 only as
 * "1x2 - Enhanced Prices" (boosted, no regular price) and double chance; totals and both teams
 * to score come from the per-event `GetEventDetails`. Each price's `ref` is `<eventId>|<oddId>`.
 */
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { defineBook } from '../book-adapter';
import { asArray, idText, isObject, readJsonAnswer } from '../parse/answer';
import { BatchBuilder, eventDetailOf } from '../parse/batch';
import { kickoffFromText } from '../parse/kickoffs';
import { namesBoost, readLine, totalsSelection } from '../parse/prices';
import { splitTeams } from '../parse/teams';
import type { BookAnswer, EventDetail, ParseContext, ParseResult } from '../source-types';
import {
  NAIRABET_HEADERS,
  NAIRABET_LEAGUE_IDS,
  NAIRABET_MARKETS,
  NAIRABET_ODD_OPEN,
  NAIRABET_QUERY,
} from './nairabet.tables';

export const NAIRABET_PROVIDER = 4;

function byId(list: unknown): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const item of asArray(list)) {
    const id = isObject(item) ? idText(item.id) : undefined;
    if (id !== undefined && isObject(item)) map.set(id, item);
  }
  return map;
}

interface Lookups {
  markets: Map<string, Record<string, unknown>>;
  odds: Map<string, Record<string, unknown>>;
  competitors: Map<string, Record<string, unknown>>;
}

function lookupsOf(json: Record<string, unknown>): Lookups {
  return { markets: byId(json.markets), odds: byId(json.odds), competitors: byId(json.competitors) };
}

/** One event of a normalized answer: its markets by `marketIds` (all of the answer's markets when it has none). */
function readEvent(event: Record<string, unknown>, lookups: Lookups, out: BatchBuilder): void {
  const id = String(event.id);
  const prices = out.prices();
  const marketRefs = Array.isArray(event.marketIds) ? event.marketIds : [...lookups.markets.keys()];
  for (const marketRef of marketRefs) {
    const market = lookups.markets.get(idText(marketRef) ?? '');
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
    // "1x2 - Enhanced Prices" (sportMarketId 73990): boosted; the plain market, where given, is the regular price.
    const boosted = namesBoost(market.name);
    let unknown = false;
    for (const oddRef of asArray(market.oddIds)) {
      const odd = lookups.odds.get(idText(oddRef) ?? '');
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
      prices.add(target.market, target.selection, open ? odd.price : null, {
        boosted,
        where,
        ref: `${id}|${String(odd.id)}`,
      });
    }
  }
  const names = asArray(event.competitorIds).map((c) => lookups.competitors.get(idText(c) ?? '')?.name);
  const split = splitTeams(event.name);
  out.add({
    externalId: event.id,
    home: names[0] ?? split?.[0],
    away: names[1] ?? split?.[1],
    kickoff: kickoffFromText(event.startDate, 'Z'),
    prices,
  });
}

export function parseNairaBet(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(NAIRABET_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return out.result(false);
  if (!isObject(json) || (json.events !== undefined && !Array.isArray(json.events))) {
    out.log.add('unexpected-shape', 'no events list');
    return out.result(false);
  }
  if (json.events === undefined && json.id !== undefined) {
    out.log.add('unexpected-shape', 'an event answer, not a championship list');
    return out.result(false);
  }
  const lookups = lookupsOf(json);
  for (const event of asArray(json.events)) {
    if (!isObject(event) || idText(event.id) === undefined) {
      out.log.add('malformed-item', JSON.stringify(event)?.slice(0, 80));
      continue;
    }
    readEvent(event, lookups, out);
  }
  return out.result(true);
}

/**
 * The per-event `GetEventDetails` answer: the event's fields at the top (`id`, `name`,
 * `startDate`, `competitors`) with the same normalized `markets[]` and `odds[]` — every market of
 * the event (totals and both teams to score among them). An answer that wraps the event in
 * `events[]` like the list call is read the same way.
 */
export function parseNairaBetEvent(answer: BookAnswer, context: ParseContext & { externalId: string }): EventDetail {
  const out = new BatchBuilder(NAIRABET_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return eventDetailOf(out.result(false), context.externalId);
  if (!isObject(json)) {
    out.log.add('unexpected-shape', 'not an object');
    return eventDetailOf(out.result(false), context.externalId);
  }
  const lookups = lookupsOf(json);
  const listed = asArray(json.events).find((e) => isObject(e) && idText(e.id) === context.externalId);
  const event = isObject(listed) ? listed : idText(json.id) === context.externalId ? json : undefined;
  if (!event) {
    out.log.add('unexpected-shape', `no event ${context.externalId}`);
    return eventDetailOf(out.result(false), context.externalId);
  }
  if (!Array.isArray(event.competitorIds) && Array.isArray(event.competitors)) {
    // The detail names its competitors in place: [{ id, name }] in home, away order.
    for (const c of event.competitors) if (isObject(c) && idText(c.id)) lookups.competitors.set(String(c.id), c);
    readEvent(
      { ...event, competitorIds: event.competitors.map((c) => (isObject(c) ? c.id : undefined)) },
      lookups,
      out,
    );
  } else readEvent(event, lookups, out);
  return eventDetailOf(out.result(true), context.externalId);
}

export const nairabet = defineBook({
  id: 'nairabet',
  provider: NAIRABET_PROVIDER,
  country: NIGERIA_COUNTRY_ID,
  name: 'NairaBet',
  envKey: 'NAIRABET',
  defaultBaseUrl: 'https://sb2frontend-altenar2.biahosted.com',
  leagueIds: NAIRABET_LEAGUE_IDS,
  path: (champ) => `/api/widget/GetEvents?${NAIRABET_QUERY}&champIds=${champ}`,
  headers: NAIRABET_HEADERS,
  parse: parseNairaBet,
  event: {
    path: (eventId) => `/api/widget/GetEventDetails?${NAIRABET_QUERY}&eventId=${eventId}`,
    parse: parseNairaBetEvent,
  },
});
