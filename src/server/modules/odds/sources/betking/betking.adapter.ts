/**
 * BetKing (provider 2): `api/feeds/prematch/en/4/{tournament}/0/0` (docs/sources.md, BetKing).
 * The answer is `{ AreaMatches: [ { Items: [item…] } ] }`; an item has `ItemID`, `ItemName`
 * ("Home - Away"), `ItemDate` (ISO 8601 with its own offset, honoured; West Africa Time when it
 * has none), `ExtProvIDItem` (the Sportradar match id) and `OddsCollection[]`. A market is
 * identified by `OddsType.OddsTypeID`, its selections by `MatchOdds[].OddAttribute.OddTypeID`,
 * a total's line by `OddAttribute.SpecialValue` (or the market's `SpecialBetValue`) and the price
 * is `Outcome.OddOutcome`. Each price's `ref` is the selection's `MatchOddsID`, the id BetKing's
 * coupon books. A market named "Boost"/"Enhanced" carries boosted prices (the common rule).
 */
import { defineBook } from '../book-adapter';
import {
  BatchBuilder,
  type EventPrices,
  asArray,
  idText,
  isObject,
  kickoffFromText,
  namesBoost,
  readJsonAnswer,
  readLine,
  readPrice,
  splitTeams,
  totalsSelection,
} from '../parse-support';
import type { BookAdapter, BookAnswer, ParseContext, ParseResult, RequestOptions } from '../source-types';
import {
  BETKING_HEADERS,
  BETKING_LEAGUE_IDS,
  BETKING_MARKETS,
  BETKING_TOTALS_MARKET,
  BETKING_TOTALS_SIDES,
} from './betking.tables';

export const BETKING_PROVIDER = 2;

/** A Sportradar id as the feed carries it: digits only. */
function sportradarIdOf(raw: unknown): string | undefined {
  const text = idText(raw);
  return text !== undefined && /^\d{1,12}$/.test(text) ? text : undefined;
}

/** A line that is a positive number, else undefined (BetKing writes 0 where a market has none). */
function positiveLine(raw: unknown): number | undefined {
  const line = readLine(raw);
  return line !== undefined && line > 0 ? line : undefined;
}

interface ItemReading {
  prices: EventPrices;
  /** `market/selection` → the selection id the coupon books, for the prices kept. */
  refs: Map<string, string>;
}

function readItem(out: BatchBuilder, id: string, item: Record<string, unknown>): ItemReading {
  const prices = out.prices();
  const refs = new Map<string, string>();
  const boostedRefs = new Set<string>();
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
      prices.add(target.market, target.selection, outcome.OddOutcome, { boosted, where });
      const ref = isObject(odd) ? idText(odd.MatchOddsID) : undefined;
      const key = `${target.market}/${target.selection}`;
      // The ref follows the price the batch keeps: a boosted one wins over the regular one.
      if (ref !== undefined && readPrice(outcome.OddOutcome).kind === 'price' && (boosted || !boostedRefs.has(key))) {
        refs.set(key, ref);
        if (boosted) boostedRefs.add(key);
      }
    }
  }
  return { prices, refs };
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
  const extras = new Map<string, { sportradarId?: string; refs: Map<string, string> }>();
  for (const area of json.AreaMatches) {
    for (const item of asArray(isObject(area) ? area.Items : undefined)) {
      const id = isObject(item) ? idText(item.ItemID) : undefined;
      if (!isObject(item) || id === undefined) {
        out.log.add('malformed-item', JSON.stringify(item)?.slice(0, 80));
        continue;
      }
      const { prices, refs } = readItem(out, id, item);
      const teams = splitTeams(item.ItemName);
      const sportradarId = sportradarIdOf(item.ExtProvIDItem ?? item.extProvIDItem);
      if (!extras.has(id)) extras.set(id, { ...(sportradarId ? { sportradarId } : {}), refs });
      out.add({
        externalId: id,
        home: teams?.[0],
        away: teams?.[1],
        kickoff: kickoffFromText(item.ItemDate, '+01:00'),
        prices,
      });
    }
  }
  const result = out.result(true);
  // The batch gets each event's Sportradar id and each price's booking ref (docs/sources.md, BetKing).
  result.batch.events = result.batch.events.map((event) => {
    const extra = extras.get(event.externalId);
    if (!extra) return event;
    return {
      ...event,
      ...(extra.sportradarId ? { sportradarId: extra.sportradarId } : {}),
      markets: event.markets.map((m) => ({
        ...m,
        prices: m.prices.map((p) => {
          const ref = extra.refs.get(`${m.market}/${p.selection}`);
          return ref === undefined ? p : { ...p, ref };
        }),
      })),
    };
  });
  return result;
}

const book = defineBook({
  id: 'betking',
  provider: BETKING_PROVIDER,
  name: 'BetKing',
  envKey: 'BETKING',
  defaultBaseUrl: 'https://sportsapicdn-desktop.betking.com',
  leagueIds: BETKING_LEAGUE_IDS,
  path: (tournament) => `/api/feeds/prematch/en/4/${tournament}/0/0`,
  parse: parseBetKing,
});

/** BetKing's page headers first; the caller's headers (User-Agent, Accept-Language) beside or over them. */
const withHeaders = <T extends RequestOptions>(options: T): T => ({
  ...options,
  headers: { ...BETKING_HEADERS, ...(options.headers ?? {}) },
});

export const betking: BookAdapter = {
  ...book,
  request: (competition, options = {}) => book.request(competition, withHeaders(options)),
  requests: (options = {}) => book.requests(withHeaders(options)),
};
