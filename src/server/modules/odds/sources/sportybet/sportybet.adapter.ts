/**
 * SportyBet (provider 3): `factsCenter/pcUpcomingEvents` per tournament, page by page from 1
 * (`option=2`; `option=1` silently caps a tournament at 10 events) until a page is empty.
 * Success is `bizCode == 10000` whatever the HTTP status. Events sit in
 * `data.tournaments[].events[]` with `eventId`, `homeTeamName`, `awayTeamName`,
 * `estimateStartTime` (epoch ms) and `markets[]` (`id`, `specifier`, `status` 0 = open,
 * `banned`, `outcomes[]` with `id`, `odds`, `isActive` 1 = active). A market whose `name` or
 * `desc` says "Boost" or "Enhanced" carries boosted prices (the common rule; the documented
 * shape names no boost field). `eventId` is `sr:match:N`: N is the event's Sportradar id. Each
 * price's `ref` is `<eventId>|<marketId>|<specifier>|<outcomeId>`, what the book's share call takes.
 */
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { defineBook } from '../book-adapter';
import { asArray, isObject, readJsonAnswer } from '../parse/answer';
import { BatchBuilder } from '../parse/batch';
import { kickoffFromEpochMs } from '../parse/kickoffs';
import { namesBoost, readLine, totalsSelection } from '../parse/prices';
import type { BookAnswer, ParseContext, ParseResult } from '../source-types';
import {
  SPORTYBET_HEADERS,
  SPORTYBET_LEAGUE_IDS,
  SPORTYBET_MARKETS,
  SPORTYBET_OK,
  SPORTYBET_PAGE_SIZE,
} from './sportybet.tables';

export const SPORTYBET_PROVIDER = 3;

export function parseSportyBet(answer: BookAnswer, context: ParseContext): ParseResult {
  const out = new BatchBuilder(SPORTYBET_PROVIDER, context);
  const json = readJsonAnswer(answer, out.log, true);
  if (json === undefined) return out.result(false);
  if (!isObject(json)) {
    out.log.add('unexpected-shape', 'not an object');
    return out.result(false);
  }
  if (json.bizCode !== SPORTYBET_OK) {
    out.log.add('error-answer', `bizCode ${JSON.stringify(json.bizCode) ?? 'missing'}: ${String(json.message ?? '')}`);
    return out.result(false);
  }
  if (!isObject(json.data) || (json.data.tournaments !== undefined && !Array.isArray(json.data.tournaments))) {
    out.log.add('unexpected-shape', 'no data.tournaments list');
    return out.result(false);
  }
  let seen = 0;
  for (const tournament of asArray(json.data.tournaments)) {
    for (const event of asArray(isObject(tournament) ? tournament.events : undefined)) {
      seen += 1;
      if (!isObject(event) || event.eventId === undefined) {
        out.log.add('malformed-item', JSON.stringify(event)?.slice(0, 80));
        continue;
      }
      const id = String(event.eventId);
      const prices = out.prices();
      for (const market of asArray(event.markets)) {
        if (!isObject(market)) {
          out.log.add('unknown-market', `event ${id}: market is not an object`);
          continue;
        }
        const marketId = String(market.id);
        const table = SPORTYBET_MARKETS[marketId];
        if (!table) {
          out.log.add('unknown-market', `event ${id} market ${marketId}`);
          continue;
        }
        const line = table.kind === 'totals' ? readLine(market.specifier) : undefined;
        if (table.kind === 'totals' && totalsSelection(line, 'over') === 'line-ignored') {
          out.log.add('line-ignored', `event ${id} ${String(market.specifier)}`);
          continue;
        }
        const open = market.status === 0 && market.banned !== true;
        const boosted = namesBoost(market.name, market.desc);
        let unknown = false;
        for (const outcome of asArray(market.outcomes)) {
          const outcomeId = isObject(outcome) ? String(outcome.id) : '';
          const where = `event ${id} market ${marketId} outcome ${outcomeId}`;
          let target: { market: number; selection: number } | undefined;
          if (table.kind === 'fixed') {
            const selection = table.outcomes[outcomeId];
            if (selection !== undefined) target = { market: table.market, selection };
          } else if (outcomeId === table.over || outcomeId === table.under) {
            const t = totalsSelection(line, outcomeId === table.over ? 'over' : 'under');
            if (t !== 'line-ignored') target = t;
          }
          if (!target || !isObject(outcome)) {
            if (!unknown) out.log.add('unknown-market', where);
            unknown = true;
            continue;
          }
          // `isActive` 1 is open, 0 closed; an outcome without the field (trimmed answers) is open.
          const active = open && (outcome.isActive === undefined || outcome.isActive === 1);
          const specifier = typeof market.specifier === 'string' ? market.specifier : '';
          prices.add(target.market, target.selection, active ? outcome.odds : null, {
            boosted,
            where,
            ref: `${id}|${marketId}|${specifier}|${outcomeId}`,
          });
        }
      }
      out.add({
        externalId: event.eventId,
        sportradarId: event.eventId,
        home: event.homeTeamName,
        away: event.awayTeamName,
        kickoff: kickoffFromEpochMs(event.estimateStartTime),
        prices,
      });
    }
  }
  return out.result(true, seen > 0);
}

export const sportybet = defineBook({
  id: 'sportybet',
  provider: SPORTYBET_PROVIDER,
  country: NIGERIA_COUNTRY_ID,
  name: 'SportyBet',
  envKey: 'SPORTYBET',
  defaultBaseUrl: 'https://www.sportybet.com',
  leagueIds: SPORTYBET_LEAGUE_IDS,
  paged: true,
  headers: SPORTYBET_HEADERS,
  // Its answers carry bizCode whatever the HTTP status: the parser judges them (SportyBet).
  statusInBody: true,
  path: (tournament, page) =>
    '/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&marketId=1,18,10,29' +
    `&pageSize=${SPORTYBET_PAGE_SIZE}&pageNum=${page}&option=2&tournamentId=${tournament.replace(/%3A/gi, ':')}`,
  parse: parseSportyBet,
});
