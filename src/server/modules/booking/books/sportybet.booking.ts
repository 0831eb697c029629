/**
 * SportyBet's booking calls: load `GET {base}/api/ng/orders/share/{CODE}`
 * (`bizCode` 10000 with `data.outcomes[]` and `data.unavailableOutcomes[]`; 19000 for an invalid or
 * expired code) and create `POST {base}/api/ng/orders/share` with
 * `{"selections":[{eventId, marketId, specifier, outcomeId}]}` (→ `data.shareCode`, `data.shareURL`).
 * Stored refs read `<eventId>|<marketId>|<specifier>|<outcomeId>`.
 */
import { BOOKING_CODE } from '@shared/booking-messages';
import { marketSelections, NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { BookRefused, CodeNotFound, callBook, isObject, jsonOf, priceOf, text } from '../book-call';
import { earliestKickoff, type BookingBook, type NativeLeg } from './book-types';

const SITE = 'https://www.sportybet.com/ng/';
const OK = 10000;
const NOT_FOUND = 19000;

/** SportyBet market → outcome id → our market and selection (totals by line, below). */
const MARKETS: Readonly<Record<string, { market: number; outcomes: Readonly<Record<string, number>> }>> = {
  '1': { market: 1, outcomes: { '1': 1, '2': 2, '3': 3 } },
  '10': { market: 8, outcomes: { '9': 16, '10': 17, '11': 18 } },
  '29': { market: 7, outcomes: { '74': 14, '76': 15 } },
};
const TOTALS = '18';
const TOTAL_OUTCOMES: Readonly<Record<string, 0 | 1>> = { '12': 0, '13': 1 };

/** Our market and selection of a SportyBet (market, specifier, outcome); null when we do not compare it. */
export function sportybetSelection(
  marketId: string,
  specifier: string,
  outcomeId: string,
): { market: number; selection: number } | null {
  const table = MARKETS[marketId];
  if (table) {
    const selection = table.outcomes[outcomeId];
    return selection === undefined ? null : { market: table.market, selection };
  }
  if (marketId !== TOTALS) return null;
  const line = Number(/(?:^|\|)total=([0-9.]+)/.exec(specifier)?.[1]);
  const index = TOTAL_OUTCOMES[outcomeId];
  if (!Number.isFinite(line) || index === undefined || line < 0.5 || line > 4.5 || (line * 2) % 2 !== 1) return null;
  const market = line + 1.5;
  const selection = marketSelections(market)[index];
  return selection === undefined ? null : { market, selection };
}

const REF = /^(sr:match:\d{1,12})\|(\d{1,9})\|([^|]{0,100})\|(\d{1,9})$/;

function legOf(item: unknown, available: boolean): NativeLeg | null {
  if (!isObject(item)) return null;
  const eventId = text(item.eventId);
  const market = Array.isArray(item.markets) && isObject(item.markets[0]) ? item.markets[0] : null;
  const outcome = market && Array.isArray(market.outcomes) && isObject(market.outcomes[0]) ? market.outcomes[0] : null;
  if (!eventId || !market || !outcome) return null;
  const mapped = sportybetSelection(text(market.id), text(market.specifier), text(outcome.id));
  const kickoff = Number(item.estimateStartTime);
  const open = available && Number(market.status ?? 0) === 0 && Number(outcome.isActive ?? 1) === 1;
  return {
    eventId,
    sportradarId: /^sr:match:(\d{1,12})$/.exec(eventId)?.[1] ?? null,
    home: text(item.homeTeamName),
    away: text(item.awayTeamName),
    kickoffAt: Number.isFinite(kickoff) && kickoff > 0 ? kickoff : null,
    market: mapped?.market ?? null,
    selection: mapped?.selection ?? null,
    price: priceOf(outcome.odds),
    label: [text(market.desc) || text(market.name), text(outcome.desc)].filter(Boolean).join(' · '),
    available: open,
  };
}

export const sportybetBooking: BookingBook = {
  provider: 3,
  country: NIGERIA_COUNTRY_ID,
  key: 'sportybet',
  codePattern: BOOKING_CODE,
  site: SITE,

  async load(base, code) {
    const body = jsonOf(await callBook({ url: `${base}/api/ng/orders/share/${code}`, site: SITE }));
    if (Number(body.bizCode) === NOT_FOUND) throw new CodeNotFound();
    if (Number(body.bizCode) !== OK || !isObject(body.data)) throw new BookRefused(`bizCode ${text(body.bizCode)}`);
    const data = body.data;
    const listed = Array.isArray(data.outcomes) ? data.outcomes : [];
    const gone = Array.isArray(data.unavailableOutcomes) ? data.unavailableOutcomes : [];
    const legs = [...listed.map((o) => legOf(o, true)), ...gone.map((o) => legOf(o, false))].filter(
      (leg): leg is NativeLeg => leg !== null,
    );
    if (legs.length === 0) throw new CodeNotFound();
    const deadline = Number(data.deadline);
    return { legs, expiresAt: Number.isFinite(deadline) && deadline > 0 ? deadline : earliestKickoff(legs) };
  },

  validRef: (ref) => REF.test(ref),

  async create(base, refs) {
    const selections = refs.map(({ ref }) => {
      const [, eventId, marketId, specifier, outcomeId] = REF.exec(ref) as RegExpExecArray;
      return { eventId, marketId, specifier, outcomeId };
    });
    const body = jsonOf(
      await callBook({ url: `${base}/api/ng/orders/share`, method: 'POST', site: SITE, json: { selections } }),
    );
    const data = isObject(body.data) ? body.data : {};
    const code = text(data.shareCode).toUpperCase();
    if (Number(body.bizCode) !== OK || !BOOKING_CODE.test(code)) {
      throw new BookRefused(`no code (bizCode ${text(body.bizCode)})`);
    }
    const url = text(data.shareURL);
    return { code, url: /^https:\/\//.test(url) ? url : null };
  },

  link: (code) => `https://www.sportybet.com/ng/?shareCode=${encodeURIComponent(code)}`,
};
