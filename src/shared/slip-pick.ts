/**
 * The bet slip's own words outside the slip panel (docs/product.md#bet-slip): the one-time hint, the
 * confirmation after a tap, and the stake a person may type. Small, so the dashboard's chunk can
 * carry it without the tools' strings.
 */
import { MATCH_RESULT_MARKET_ID, marketName, overUnderLine, providerName, selectionName } from './lookups';
import { formatOdds } from './odds-math';

export const SLIP_PICK_MSG = {
  hint: 'Tap a price to add it to your slip',
  dismissHint: 'Got it',
  /** 'Added: Arsenal to win at SportyBet 2.10'. */
  added: (what: string, providerId: number, value: number) =>
    `Added: ${what} at ${providerName(providerId)} ${formatOdds(value)}`,
  removed: 'Removed from your slip',
  stakeInvalid: 'Enter the stake in Naira, e.g. 5000, 5,000 or ₦5,000 (kobo after a point: 5,000.50).',
} as const;

const HOME = 1;
const DRAW = 2;
const AWAY = 3;

/**
 * What a pick backs, in words: 'Arsenal to win', 'Draw', 'Over 2.5 goals', 'BTTS Yes', 'DC 1X'.
 * `eventName` is 'Home vs Away'; without both names a 1X2 pick reads 'Home to win'.
 */
export function pickWhat(eventName: string, marketId: number, selectionTypeId: number): string {
  if (marketId === MATCH_RESULT_MARKET_ID) {
    if (selectionTypeId === DRAW) return 'Draw';
    const [home, away] = eventName.split(' vs ').map((t) => t.trim());
    const team = selectionTypeId === HOME ? home : selectionTypeId === AWAY ? away : undefined;
    return `${team || selectionName(selectionTypeId)} to win`;
  }
  const line = overUnderLine(marketId);
  if (line !== undefined) return `${selectionName(selectionTypeId)} ${line} goals`;
  return `${marketName(marketId)} ${selectionName(selectionTypeId)}`;
}

/**
 * A stake typed as Naira: digits with or without thousands commas, an optional leading '₦' or
 * 'N', an optional kobo part of 1–2 digits ('5000', '5,000', '₦5,000', '5,000.50'). Null for
 * anything else, zero, or more than ₦999,999,999.
 */
export function parseNaira(text: string): number | null {
  const match = /^\s*(?:₦|N|NGN)?\s*(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?\s*$/i.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/,/g, '');
  if (whole.length > 9) return null;
  const amount = Number(`${whole}.${match[2] ?? '0'}`);
  return amount > 0 ? amount : null;
}
