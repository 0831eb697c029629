/**
 * 1xBet (provider 5): `LineFeed/Get1x2_VZip` per championship. The answer is
 * `{ Success: true, Value: [game…] }`; a game has `I` (id), `O1`/`O2` (home/away), `S`
 * (kick-off, epoch seconds) and `E[]` prices (`T` type, `C` price, `P` line of totals). An
 * item without `C` is a suspended outcome. The list call has no boost marker.
 */
import { defineBook } from '../book-adapter';
import {
  BatchBuilder,
  asArray,
  isObject,
  kickoffFromEpochSeconds,
  readJsonAnswer,
  readLine,
  totalsSelection,
} from '../parse-support';
import type { BookAnswer, ParseContext, ParseResult } from '../source-types';
import { ONEXBET_LEAGUE_IDS, ONEXBET_TYPES } from './onexbet.tables';

export const ONEXBET_PROVIDER = 5;

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
  for (const game of asArray(json.Value)) {
    if (!isObject(game) || game.I === undefined) {
      out.log.add('malformed-item', JSON.stringify(game)?.slice(0, 80));
      continue;
    }
    const id = String(game.I);
    const prices = out.prices();
    const unknown = new Set<string>();
    for (const item of asArray(game.E)) {
      const type = isObject(item) ? String(item.T) : '';
      const where = `game ${id} type ${type || '?'}`;
      const entry = ONEXBET_TYPES[type];
      if (!entry || !isObject(item)) {
        if (!unknown.has(type)) out.log.add('unknown-market', where);
        unknown.add(type);
        continue;
      }
      if (entry.kind === 'fixed') {
        prices.add(entry.market, entry.selection, item.C, { where });
        continue;
      }
      const target = totalsSelection(readLine(item.P), entry.side);
      if (target === 'line-ignored') out.log.add('line-ignored', `${where} line ${String(item.P)}`);
      else prices.add(target.market, target.selection, item.C, { where });
    }
    out.add({
      externalId: game.I,
      home: game.O1,
      away: game.O2,
      kickoff: kickoffFromEpochSeconds(game.S),
      prices,
    });
  }
  return out.result(true);
}

export const onexbet = defineBook({
  id: 'onexbet',
  provider: ONEXBET_PROVIDER,
  name: '1xBet',
  envKey: 'ONEXBET',
  defaultBaseUrl: 'https://1xbet.ng',
  leagueIds: ONEXBET_LEAGUE_IDS,
  path: (champ) => `/LineFeed/Get1x2_VZip?sports=1&champs=${champ}&count=50&lng=en&mode=4&country=132&getEmpty=true`,
  parse: parseOneXBet,
});
