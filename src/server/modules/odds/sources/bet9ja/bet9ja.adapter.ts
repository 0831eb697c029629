/**
 * Bet9ja (provider 1): `PalimpsestAjax/GetEventsInGroupV2` per league group. The answer is
 * `{ R: "OK", D: { E: [event…] } }`; an event has `ID`, `DS` ("Home - Away"), `STARTDATE`
 * (West Africa Time, no offset) and `O`, an object of prices by key (bet9ja.tables.ts).
 * A suspended outcome is a missing or non-numeric price.
 */
import { defineBook } from '../book-adapter';
import {
  BatchBuilder,
  asArray,
  isObject,
  kickoffFromText,
  readJsonAnswer,
  readLine,
  splitTeams,
  totalsSelection,
} from '../parse-support';
import type { BookAnswer, ParseContext, ParseResult } from '../source-types';
import { BET9JA_LEAGUE_IDS, BET9JA_OUTCOMES, BET9JA_TOTALS } from './bet9ja.tables';

export const BET9JA_PROVIDER = 1;

export function parseBet9ja(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(BET9JA_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return out.result(false);
  if (!isObject(json)) {
    out.log.add('unexpected-shape', 'not an object');
    return out.result(false);
  }
  if (json.R !== 'OK') {
    out.log.add('error-answer', `R=${JSON.stringify(json.R) ?? 'missing'}`);
    return out.result(false);
  }
  if (!isObject(json.D) || (json.D.E !== undefined && !Array.isArray(json.D.E))) {
    out.log.add('unexpected-shape', 'no D.E list');
    return out.result(false);
  }
  for (const item of asArray(json.D.E)) {
    if (!isObject(item) || item.ID === undefined) {
      out.log.add('malformed-item', JSON.stringify(item)?.slice(0, 80));
      continue;
    }
    const teams = splitTeams(item.DS);
    const prices = out.prices();
    const unknown = new Set<string>();
    for (const [key, raw] of Object.entries(isObject(item.O) ? item.O : {})) {
      const where = `event ${String(item.ID)} ${key}`;
      const fixed = BET9JA_OUTCOMES[key];
      if (fixed) {
        prices.add(fixed.market, fixed.selection, raw, { where });
        continue;
      }
      const totals = BET9JA_TOTALS.exec(key);
      if (totals) {
        const target = totalsSelection(readLine(totals[1]), totals[2] === 'O' ? 'over' : 'under');
        if (target === 'line-ignored') out.log.add('line-ignored', where);
        else prices.add(target.market, target.selection, raw, { where });
        continue;
      }
      // One count per unknown market of an event, not per outcome.
      const family = key.replace(/_[^_]*$/, '');
      if (!unknown.has(family)) out.log.add('unknown-market', `event ${String(item.ID)} ${family}`);
      unknown.add(family);
    }
    out.add({
      externalId: item.ID,
      home: teams?.[0],
      away: teams?.[1],
      kickoff: kickoffFromText(item.STARTDATE, '+01:00'),
      prices,
    });
  }
  return out.result(true);
}

export const bet9ja = defineBook({
  id: 'bet9ja',
  provider: BET9JA_PROVIDER,
  name: 'Bet9ja',
  envKey: 'BET9JA',
  defaultBaseUrl: 'https://sports.bet9ja.com',
  leagueIds: BET9JA_LEAGUE_IDS,
  path: (group) =>
    `/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=${group}&DISP=0&GROUPMARKETID=1&matches=true`,
  parse: parseBet9ja,
});
