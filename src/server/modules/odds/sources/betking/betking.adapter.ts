/**
 * BetKing (provider 2): `api/feeds/prematch/en/4/{tournament}/0/0`. The answer is
 * `{ AreaMatches: [ { Items: [item…] } ] }`; an item has `ItemID`, `ItemName` ("Home - Away"),
 * `ItemDate` (ISO 8601 with its own offset, honoured; West Africa Time when it has none) and
 * `OddsCollection[] → MatchOdds[] → Outcome { OddOutcome, OutcomeName }`. A suspended outcome
 * is a missing or non-numeric `OddOutcome`. An odds group whose name says "Boost" or
 * "Enhanced" (`Name`, `MarketName` or `OddsType.OddsTypeName`) carries boosted prices; the
 * documented shape names no such group, so this is the common rule applied where it can be.
 */
import { defineBook } from '../book-adapter';
import {
  BatchBuilder,
  asArray,
  isObject,
  kickoffFromText,
  namesBoost,
  readJsonAnswer,
  readLine,
  splitTeams,
  totalsSelection,
} from '../parse-support';
import type { BookAnswer, ParseContext, ParseResult } from '../source-types';
import { BETKING_LEAGUE_IDS, BETKING_OUTCOMES, BETKING_TOTALS } from './betking.tables';

export const BETKING_PROVIDER = 2;

export function parseBetKing(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(BETKING_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return out.result(false);
  if (!isObject(json) || !Array.isArray(json.AreaMatches)) {
    out.log.add('unexpected-shape', 'no AreaMatches list');
    return out.result(false);
  }
  for (const area of json.AreaMatches) {
    for (const item of asArray(isObject(area) ? area.Items : undefined)) {
      if (!isObject(item) || item.ItemID === undefined) {
        out.log.add('malformed-item', JSON.stringify(item)?.slice(0, 80));
        continue;
      }
      const id = String(item.ItemID);
      const prices = out.prices();
      for (const group of asArray(item.OddsCollection)) {
        if (!isObject(group)) {
          out.log.add('unknown-market', `event ${id}: odds group is not an object`);
          continue;
        }
        const oddsType = isObject(group.OddsType) ? group.OddsType.OddsTypeName : undefined;
        const boosted = namesBoost(group.Name, group.MarketName, oddsType);
        let unknown: string | undefined;
        for (const odd of asArray(group.MatchOdds)) {
          const outcome = isObject(odd) && isObject(odd.Outcome) ? odd.Outcome : undefined;
          const name = typeof outcome?.OutcomeName === 'string' ? outcome.OutcomeName.trim() : '';
          const where = `event ${id} ${name || '?'}`;
          const fixed = BETKING_OUTCOMES[name.toUpperCase()];
          if (fixed) {
            prices.add(fixed.market, fixed.selection, outcome?.OddOutcome, { boosted, where });
            continue;
          }
          const totals = BETKING_TOTALS.exec(name);
          if (totals) {
            const side = totals[1]?.toLowerCase() === 'over' ? 'over' : 'under';
            const target = totalsSelection(readLine(totals[2]), side);
            if (target === 'line-ignored') out.log.add('line-ignored', where);
            else prices.add(target.market, target.selection, outcome?.OddOutcome, { boosted, where });
            continue;
          }
          unknown ??= where;
        }
        if (unknown !== undefined) out.log.add('unknown-market', unknown);
      }
      const teams = splitTeams(item.ItemName);
      out.add({
        externalId: item.ItemID,
        home: teams?.[0],
        away: teams?.[1],
        kickoff: kickoffFromText(item.ItemDate, '+01:00'),
        prices,
      });
    }
  }
  return out.result(true);
}

export const betking = defineBook({
  id: 'betking',
  provider: BETKING_PROVIDER,
  name: 'BetKing',
  envKey: 'BETKING',
  defaultBaseUrl: 'https://sportsapicdn-desktop.betking.com',
  leagueIds: BETKING_LEAGUE_IDS,
  path: (tournament) => `/api/feeds/prematch/en/4/${tournament}/0/0`,
  parse: parseBetKing,
});
