/**
 * Bet9ja (provider 1): `PalimpsestAjax/GetEventsInGroupV2` per league group, at the mobile path
 * (`/mobile/feapi/…` with `v_cache_version`, what the book's current clients use; the desktop
 * path `/desktop/feapi/…` refuses non-browser clients with 403 and is asked only when the mobile
 * one is refused). The answer is `{ R: "OK", D: { E: [event…] } }`; an event has `ID`, `EXTID`
 * (the Sportradar match id), `DS` ("Home - Away"), `STARTDATEUTC` / `STARTDATE` (UTC: the real
 * same-match pair with SportyBet reads the same hour, docs/sources.md §Bet9ja) and `O`, an object
 * of prices by key (bet9ja.tables.ts). A suspended outcome is a missing or non-numeric price.
 *
 * The group call carries the default markets only; both teams to score comes from the per-event
 * `GetEvent?EVENTID=` (answer `{ R: "OK", D: event }`, the same event object with every market).
 * Each price's `ref` is the book's booking key `<ID>$<O key>`.
 */
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { defineBook } from '../book-adapter';
import { asArray, isObject, readJsonAnswer } from '../parse/answer';
import { BatchBuilder, eventDetailOf } from '../parse/batch';
import { kickoffFromText } from '../parse/kickoffs';
import { readLine, totalsSelection } from '../parse/prices';
import { splitTeams } from '../parse/teams';
import type { BookAnswer, EventDetail, ParseContext, ParseResult } from '../source-types';
import {
  BET9JA_CACHE_VERSION,
  BET9JA_HEADERS,
  BET9JA_LEAGUE_IDS,
  BET9JA_OUTCOMES,
  BET9JA_TOTALS,
} from './bet9ja.tables';

export const BET9JA_PROVIDER = 1;

/** The answer's `D` when it is a well-formed `R: "OK"` answer; undefined with the reason logged otherwise. */
function okBody(answer: BookAnswer, out: BatchBuilder): Record<string, unknown> | undefined {
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return undefined;
  if (!isObject(json)) {
    out.log.add('unexpected-shape', 'not an object');
    return undefined;
  }
  if (json.R !== 'OK') {
    out.log.add('error-answer', `R=${JSON.stringify(json.R) ?? 'missing'}`);
    return undefined;
  }
  if (!isObject(json.D)) {
    out.log.add('unexpected-shape', 'no D object');
    return undefined;
  }
  return json.D;
}

function readEvent(item: unknown, out: BatchBuilder): void {
  if (!isObject(item) || item.ID === undefined) {
    out.log.add('malformed-item', JSON.stringify(item)?.slice(0, 80));
    return;
  }
  const id = String(item.ID);
  const teams = splitTeams(item.DS);
  const prices = out.prices();
  const unknown = new Set<string>();
  for (const [key, raw] of Object.entries(isObject(item.O) ? item.O : {})) {
    const where = `event ${id} ${key}`;
    const ref = `${id}$${key}`;
    const fixed = BET9JA_OUTCOMES[key];
    if (fixed) {
      prices.add(fixed.market, fixed.selection, raw, { where, ref });
      continue;
    }
    const totals = BET9JA_TOTALS.exec(key);
    if (totals) {
      const target = totalsSelection(readLine(totals[1]), totals[2] === 'O' ? 'over' : 'under');
      if (target === 'line-ignored') out.log.add('line-ignored', where);
      else prices.add(target.market, target.selection, raw, { where, ref });
      continue;
    }
    // One count per unknown market of an event, not per outcome.
    const family = key.replace(/_[^_]*$/, '');
    if (!unknown.has(family)) out.log.add('unknown-market', `event ${id} ${family}`);
    unknown.add(family);
  }
  const start =
    typeof item.STARTDATEUTC === 'string' && item.STARTDATEUTC.trim() !== '' ? item.STARTDATEUTC : item.STARTDATE;
  out.add({
    externalId: item.ID,
    sportradarId: item.EXTID,
    home: teams?.[0],
    away: teams?.[1],
    kickoff: kickoffFromText(start, 'Z'),
    prices,
  });
}

export function parseBet9ja(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(BET9JA_PROVIDER, context);
  const body = okBody(answer, out);
  if (body === undefined) return out.result(false);
  if (body.E !== undefined && !Array.isArray(body.E)) {
    out.log.add('unexpected-shape', 'no D.E list');
    return out.result(false);
  }
  if (body.E === undefined && body.ID !== undefined) {
    // One event where a group's list was asked for: the wrong call, not an empty league.
    out.log.add('unexpected-shape', 'an event answer, not a group list');
    return out.result(false);
  }
  for (const item of asArray(body.E)) readEvent(item, out);
  return out.result(true);
}

/** The per-event `GetEvent` answer: every market of one event (both teams to score among them). */
export function parseBet9jaEvent(answer: BookAnswer, context: ParseContext & { externalId: string }): EventDetail {
  const out = new BatchBuilder(BET9JA_PROVIDER, context);
  const body = okBody(answer, out);
  if (body === undefined) return eventDetailOf(out.result(false), context.externalId);
  if (body.ID === undefined) {
    out.log.add('unexpected-shape', 'no event in D');
    return eventDetailOf(out.result(false), context.externalId);
  }
  readEvent(body, out);
  return eventDetailOf(out.result(true), context.externalId);
}

const FEAPI = '/feapi/PalimpsestAjax';
const groupQuery = (group: string) => `GROUPID=${group}&DISP=0&GROUPMARKETID=1&matches=true`;

export const bet9ja = defineBook({
  id: 'bet9ja',
  provider: BET9JA_PROVIDER,
  country: NIGERIA_COUNTRY_ID,
  name: 'Bet9ja',
  envKey: 'BET9JA',
  defaultBaseUrl: 'https://sports.bet9ja.com',
  leagueIds: BET9JA_LEAGUE_IDS,
  headers: BET9JA_HEADERS,
  path: (group) => `/mobile${FEAPI}/GetEventsInGroupV2?${groupQuery(group)}&v_cache_version=${BET9JA_CACHE_VERSION}`,
  fallbackPath: (group) => `/desktop${FEAPI}/GetEventsInGroupV2?${groupQuery(group)}`,
  parse: parseBet9ja,
  event: {
    path: (id) => `/mobile${FEAPI}/GetEvent?EVENTID=${id}&v_cache_version=${BET9JA_CACHE_VERSION}`,
    fallbackPath: (id) => `/desktop${FEAPI}/GetEvent?EVENTID=${id}&v_cache_version=${BET9JA_CACHE_VERSION}`,
    parse: parseBet9jaEvent,
  },
});
