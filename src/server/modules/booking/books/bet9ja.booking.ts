/**
 * Bet9ja's booking calls: load
 * `GET {base}/desktop/feapi/CouponAjax/GetBookABetCoupon?couponCode=` (`R` "OK", `D.O` keyed
 * `"<E_ID>$<S_key>"` with `E_NAME`, `V`, `STARTDATE`) and create
 * `POST {base}/sportsbook/placebet/BookABetV2?source=desktop` with the form fields `BETSLIP` (JSON:
 * `BETS[0].ODDS` and `EVS`, each `{"<E_ID>$<S_key>": price}`) and `IS_PASSBET=0`; the code is
 * `data[0].RIS`. Stored refs are exactly those keys.
 */
import { BOOKING_CODE } from '@shared/booking-messages';
import { marketSelections, NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { BookRefused, CodeNotFound, callBook, isObject, jsonOf, priceOf, text } from '../book-call';
import { earliestKickoff, type BookingBook, type NativeLeg } from './book-types';

const SITE = 'https://sports.bet9ja.com/';

/** Bet9ja selection key (after `S_`) → our market and selection; totals by line, below. */
const KEYS: Readonly<Record<string, { market: number; selection: number }>> = {
  '1X2_1': { market: 1, selection: 1 },
  '1X2_X': { market: 1, selection: 2 },
  '1X2_2': { market: 1, selection: 3 },
  DC_1X: { market: 8, selection: 16 },
  DC_12: { market: 8, selection: 17 },
  DC_X2: { market: 8, selection: 18 },
  GGNG_Y: { market: 7, selection: 14 },
  GGNG_N: { market: 7, selection: 15 },
};

export function bet9jaSelection(key: string): { market: number; selection: number } | null {
  const bare = key.replace(/^S_/, '');
  const fixed = KEYS[bare];
  if (fixed) return fixed;
  const total = /^OU@([0-9.]+)_([OU])$/.exec(bare);
  if (!total) return null;
  const line = Number(total[1]);
  if (!(line >= 0.5 && line <= 4.5 && (line * 2) % 2 === 1)) return null;
  const market = line + 1.5;
  const selection = marketSelections(market)[total[2] === 'O' ? 0 : 1];
  return selection === undefined ? null : { market, selection };
}

const REF = /^(\d{1,15})\$(S_[A-Za-z0-9@._/+-]{1,80})$/;

/** "YYYY-MM-DD HH:mm:ss" in UTC; null when unreadable. */
function utc(value: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(value);
  if (!m) return null;
  const at = Date.parse(`${m[1]}T${m[2]}Z`);
  return Number.isFinite(at) ? at : null;
}

function legOf(key: string, item: unknown): NativeLeg | null {
  const ref = REF.exec(key);
  if (!ref || !isObject(item)) return null;
  const [home = '', away = ''] = text(item.E_NAME).split(/\s+-\s+/);
  const mapped = bet9jaSelection(ref[2] as string);
  const price = priceOf(item.V);
  const extId = text(item.EXTID);
  return {
    eventId: ref[1] as string,
    sportradarId: /^\d{1,12}$/.test(extId) ? extId : null,
    home: home.trim(),
    away: away.trim(),
    kickoffAt: utc(text(item.STARTDATEUTC) || text(item.STARTDATE)),
    market: mapped?.market ?? null,
    selection: mapped?.selection ?? null,
    price,
    label: [text(item.M_NAME), text(item.S_NAME)].filter(Boolean).join(' · ') || (ref[2] as string),
    available: price !== null,
  };
}

export const bet9jaBooking: BookingBook = {
  provider: 1,
  country: NIGERIA_COUNTRY_ID,
  key: 'bet9ja',
  codePattern: BOOKING_CODE,
  defaultBase: { load: 'https://coupon.bet9ja.com', create: 'https://apigw.bet9ja.com' },
  site: SITE,

  async load(base, code) {
    const body = jsonOf(
      await callBook({
        url: `${base}/desktop/feapi/CouponAjax/GetBookABetCoupon?couponCode=${encodeURIComponent(code)}`,
        site: SITE,
      }),
    );
    if (!('R' in body)) throw new BookRefused('not a coupon answer');
    const odds = isObject(body.D) && isObject(body.D.O) ? body.D.O : null;
    if (body.R !== 'OK' || !odds) throw new CodeNotFound();
    const legs = Object.entries(odds)
      .map(([key, item]) => legOf(key, item))
      .filter((leg): leg is NativeLeg => leg !== null);
    if (legs.length === 0) throw new CodeNotFound();
    return { legs, expiresAt: earliestKickoff(legs) };
  },

  validRef: (ref) => REF.test(ref),

  async create(base, refs) {
    const odds: Record<string, number> = {};
    for (const { ref, price } of refs) odds[ref] = price;
    const betslip = { BETS: [{ TYPE: refs.length, ODDS: odds }], EVS: odds };
    const body = jsonOf(
      await callBook({
        url: `${base}/sportsbook/placebet/BookABetV2?source=desktop`,
        method: 'POST',
        site: SITE,
        form: { BETSLIP: JSON.stringify(betslip), IS_PASSBET: '0' },
      }),
    );
    const first = Array.isArray(body.data) && isObject(body.data[0]) ? body.data[0] : null;
    const code = text(first?.RIS).toUpperCase();
    if (!BOOKING_CODE.test(code)) throw new BookRefused(`no code (R ${text(body.R)})`);
    return { code, url: null };
  },

  link: (code) => `https://sports.bet9ja.com/?bookABetCode=${encodeURIComponent(code)}`,
};
