/**
 * BetKing (provider 2): `api/feeds/prematch/en/4/{tournament}/0/0` (BetKing).
 * The answer is `{ AreaMatches: [ { Items: [item…] } ] }`; an item has `ItemID`, `ItemName`
 * ("Home - Away"), `ItemDate` (ISO 8601 with its own offset, honoured; West Africa Time when it
 * has none), `ExtProvIDItem` (the Sportradar match id) and `OddsCollection[]`. A market is
 * identified by `OddsType.OddsTypeID`, its selections by `MatchOdds[].OddAttribute.OddTypeID`,
 * a total's line by `OddAttribute.SpecialValue` (or the market's `SpecialBetValue`) and the price
 * is `Outcome.OddOutcome`. Each price's `ref` is the selection's `MatchOddsID`, the id BetKing's
 * coupon books. A market named "Boost"/"Enhanced" carries boosted prices (the common rule).
 */
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { defineBook } from '../book-adapter';
import { asArray, idText, isObject, readJsonAnswer } from '../parse/answer';
import { BatchBuilder, type EventPrices } from '../parse/batch';
import { kickoffFromText } from '../parse/kickoffs';
import { namesBoost, readLine, totalsSelection } from '../parse/prices';
import { splitTeams } from '../parse/teams';
import type { BookAdapter, BookAnswer, ParseContext, ParseResult } from '../source-types';
import {
  BETKING_HEADERS,
  BETKING_LEAGUE_IDS,
  BETKING_MARKETS,
  BETKING_TOTALS_MARKET,
  BETKING_TOTALS_SIDES,
} from './betking.tables';

export const BETKING_PROVIDER = 2;

/** A line that is a positive number, else undefined (BetKing writes 0 where a market has none). */
function positiveLine(raw: unknown): number | undefined {
  const line = readLine(raw);
  return line !== undefined && line > 0 ? line : undefined;
}

/** An item's prices, each with the selection id BetKing's coupon books as its ref. */
function readItem(out: BatchBuilder, id: string, item: Record<string, unknown>): EventPrices {
  const prices = out.prices();
  const unknownTypes = new Set<string>();
  const unknown = (type: string, where: string) => {
    if (!unknownTypes.has(type)) out.log.add('unknown-market', where);
    unknownTypes.add(type);
  };
  for (const group of asArray(item.OddsCollection)) {
    if (!isObject(group)) {
      out.log.add('unknown-market', `event ${id}: odds group is not an object`);
      continue;
    }
    const oddsType = isObject(group.OddsType) ? group.OddsType : {};
    const typeId = Number(oddsType.OddsTypeID);
    const fixed = BETKING_MARKETS[typeId];
    if (!fixed && typeId !== BETKING_TOTALS_MARKET) {
      unknown(
        String(oddsType.OddsTypeID),
        `event ${id} market ${String(oddsType.OddsTypeID)} ${String(oddsType.OddsTypeName ?? '')}`.trim(),
      );
      continue;
    }
    const boosted = namesBoost(group.Name, group.MarketName, oddsType.OddsTypeName);
    for (const odd of asArray(group.MatchOdds)) {
      const attribute = isObject(odd) && isObject(odd.OddAttribute) ? odd.OddAttribute : {};
      const outcome = isObject(odd) && isObject(odd.Outcome) ? odd.Outcome : {};
      const selectionType = Number(attribute.OddTypeID);
      const where = `event ${id} market ${typeId} selection ${String(attribute.OddTypeID)}`;
      let target: { market: number; selection: number } | undefined;
      if (fixed) {
        const selection = fixed.selections[selectionType];
        if (selection !== undefined) target = { market: fixed.market, selection };
      } else {
        const side = BETKING_TOTALS_SIDES[selectionType];
        if (side) {
          const line = positiveLine(attribute.SpecialValue) ?? positiveLine(group.SpecialBetValue);
          const reading = totalsSelection(line, side);
          if (reading === 'line-ignored') {
            out.log.add('line-ignored', `${where} line ${String(line)}`);
            continue;
          }
          target = reading;
        }
      }
      if (!target) {
        unknown(`${typeId}/${String(attribute.OddTypeID)}`, where);
        continue;
      }
      const ref = isObject(odd) ? idText(odd.MatchOddsID) : undefined;
      prices.add(target.market, target.selection, outcome.OddOutcome, { boosted, where, ref });
    }
  }
  return prices;
}

export function parseBetKing(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(BETKING_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log);
  if (json === undefined) return out.result(false);
  if (!isObject(json) || !Array.isArray(json.AreaMatches)) {
    out.log.add(
      'unexpected-shape',
      isObject(json) && Array.isArray(json.Sports) ? 'a menu, not a tournament' : 'no AreaMatches list',
    );
    return out.result(false);
  }
  for (const area of json.AreaMatches) {
    for (const item of asArray(isObject(area) ? area.Items : undefined)) {
      const id = isObject(item) ? idText(item.ItemID) : undefined;
      if (!isObject(item) || id === undefined) {
        out.log.add('malformed-item', JSON.stringify(item)?.slice(0, 80));
        continue;
      }
      const prices = readItem(out, id, item);
      const teams = splitTeams(item.ItemName);
      out.add({
        externalId: id,
        home: teams?.[0],
        away: teams?.[1],
        kickoff: kickoffFromText(item.ItemDate, '+01:00'),
        sportradarId: item.ExtProvIDItem ?? item.extProvIDItem,
        prices,
      });
    }
  }
  return out.result(true);
}

export const betking: BookAdapter = defineBook({
  id: 'betking',
  provider: BETKING_PROVIDER,
  country: NIGERIA_COUNTRY_ID,
  name: 'BetKing',
  envKey: 'BETKING',
  defaultBaseUrl: 'https://sportsapicdn-desktop.betking.com',
  leagueIds: BETKING_LEAGUE_IDS,
  headers: BETKING_HEADERS,
  path: (tournament) => `/api/feeds/prematch/en/4/${tournament}/0/0`,
  parse: parseBetKing,
});
