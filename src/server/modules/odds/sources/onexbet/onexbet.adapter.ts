/**
 * 1xBet (provider 5): `service-api/LineFeed/Get1x2_VZip` per championship. The answer is
 * `{ Success: true, Value: [game…] }`; a game has `I` (id), `O1`/`O2`
 * (home/away), `S` (kick-off, epoch seconds), its main prices in `E[]` and further lines in
 * `AE[].ME[]`, each item { `G` group, `T` type, `C` price, `P` line, `B` blocked }. Prices are
 * keyed on (G, T); a blocked item is not a price; a game carrying `DI` is an aggregate
 * pseudo-game ("Home vs Away", "2 Matches"), not a match, and is skipped. Each price's `ref` is
 * `<I>|<G>|<T>|<P>`. The list call has no boost marker.
 */
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { defineBook } from '../book-adapter';
import { asArray, idText, isObject, readJsonAnswer } from '../parse/answer';
import { BatchBuilder, type EventPrices } from '../parse/batch';
import { kickoffFromEpochSeconds } from '../parse/kickoffs';
import { readLine, totalsSelection } from '../parse/prices';
import type { BookAdapter, BookAnswer, ParseContext, ParseResult } from '../source-types';
import { ONEXBET_HEADERS, ONEXBET_LEAGUE_IDS, ONEXBET_TYPES } from './onexbet.tables';

export const ONEXBET_PROVIDER = 5;

/** A game's price items: the main ones of `E[]`, then the extra lines of `AE[].ME[]`. */
function itemsOf(game: Record<string, unknown>): unknown[] {
  return [...asArray(game.E), ...asArray(game.AE).flatMap((group) => asArray(isObject(group) ? group.ME : undefined))];
}

/** A game's prices, each with `<I>|<G>|<T>|<P>` as its ref. */
function readGame(out: BatchBuilder, id: string, game: Record<string, unknown>): EventPrices {
  const prices = out.prices();
  const unknown = new Set<string>();
  for (const item of itemsOf(game)) {
    if (!isObject(item)) {
      out.log.add('unknown-market', `game ${id}: price item is not an object`);
      continue;
    }
    const key = `${String(item.G)}/${String(item.T)}`;
    const where = `game ${id} G${String(item.G)} T${String(item.T)}`;
    const entry = ONEXBET_TYPES[key];
    if (!entry) {
      if (!unknown.has(key)) out.log.add('unknown-market', where);
      unknown.add(key);
      continue;
    }
    let target: { market: number; selection: number };
    if (entry.kind === 'fixed') target = entry;
    else {
      const reading = totalsSelection(readLine(item.P), entry.side);
      if (reading === 'line-ignored') {
        out.log.add('line-ignored', `${where} line ${String(item.P)}`);
        continue;
      }
      target = reading;
    }
    if (item.B === true) {
      // Blocked: listed (so a price it replaces is withdrawn) but not a price.
      prices.add(target.market, target.selection, undefined, { where: `${where} blocked` });
      continue;
    }
    const line = item.P === undefined || item.P === null ? '' : String(item.P);
    prices.add(target.market, target.selection, item.C, {
      where,
      ref: `${id}|${String(item.G)}|${String(item.T)}|${line}`,
    });
  }
  return prices;
}

export function parseOneXBet(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(ONEXBET_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return out.result(false);
  if (!isObject(json)) {
    out.log.add('unexpected-shape', 'not an object');
    return out.result(false);
  }
  if (json.Success !== true) {
    out.log.add(
      'error-answer',
      `Success=${JSON.stringify(json.Success) ?? 'missing'} ${String(json.Error ?? '')}`.trim(),
    );
    return out.result(false);
  }
  if (json.Value !== undefined && json.Value !== null && !Array.isArray(json.Value)) {
    out.log.add('unexpected-shape', 'Value is not a list');
    return out.result(false);
  }
  const games = asArray(json.Value);
  // A menu (sports by name `N`, their championships in `L[]`) answers the wrong call: a failed read, not an empty league.
  const isSport = (g: unknown) => isObject(g) && g.O1 === undefined && g.O2 === undefined && typeof g.N === 'string';
  if (games.length > 0 && games.every(isSport)) {
    out.log.add('unexpected-shape', 'a menu of championships, not a championship');
    return out.result(false);
  }
  for (const game of games) {
    const id = isObject(game) ? idText(game.I) : undefined;
    if (!isObject(game) || id === undefined) {
      out.log.add('malformed-item', JSON.stringify(game)?.slice(0, 80));
      continue;
    }
    if (game.DI !== undefined && game.DI !== null) {
      out.log.add(
        'pseudo-event',
        `game ${id}: aggregate pseudo-game "${String(game.O1)} vs ${String(game.O2)}" (DI ${String(game.DI)})`,
      );
      continue;
    }
    const prices = readGame(out, id, game);
    out.add({ externalId: id, home: game.O1, away: game.O2, kickoff: kickoffFromEpochSeconds(game.S), prices });
  }
  return out.result(true);
}

export const onexbet: BookAdapter = defineBook({
  id: 'onexbet',
  provider: ONEXBET_PROVIDER,
  country: NIGERIA_COUNTRY_ID,
  name: '1xBet',
  envKey: 'ONEXBET',
  defaultBaseUrl: 'https://1xbet.ng',
  leagueIds: ONEXBET_LEAGUE_IDS,
  headers: ONEXBET_HEADERS,
  path: (champ) =>
    `/service-api/LineFeed/Get1x2_VZip?sports=1&champs=${champ}&count=50&lng=en&mode=4&country=132&partner=159&getEmpty=true`,
  parse: parseOneXBet,
});
