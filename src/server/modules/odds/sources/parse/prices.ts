/** Prices (suspended, placeholder ≤ 1.00, bad), over/under lines (0.5–4.5 only) and boosted markets. */
import { MARKETS, overUnderLine } from '@shared/lookups';
import { MAX_PRICE } from './limits';

export type PriceReading = { kind: 'price'; value: number } | { kind: 'suspended' | 'placeholder' | 'bad' };

const NO_PRICE = new Set(['', '-', '–', '—', 'n/a', 'na', 'null', 'suspended', 'susp', 'x']);

/** A decimal price: missing or "-" is a suspended outcome, ≤ 1.00 a placeholder, anything else unreadable is bad. */
export function readPrice(raw: unknown): PriceReading {
  if (raw === null || raw === undefined) return { kind: 'suspended' };
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (NO_PRICE.has(text.toLowerCase())) return { kind: 'suspended' };
    if (!/^\d+([.,]\d+)?$/.test(text)) return { kind: 'bad' };
    value = Number(text.replace(',', '.'));
  } else return { kind: 'bad' };
  if (!Number.isFinite(value)) return { kind: 'bad' };
  if (value <= 1) return { kind: 'placeholder' };
  if (value > MAX_PRICE) return { kind: 'bad' };
  return { kind: 'price', value };
}

/** A goal line from "2.5", 2.5 or "total=2.5"; undefined when unreadable. */
export function readLine(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const match = /(-?\d+(?:[.,]\d+)?)/.exec(raw);
  if (!match?.[1]) return undefined;
  const value = Number(match[1].replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** Our over/under market of a goal line (0.5 → 2 … 4.5 → 6) with its over and under selections. */
export function overUnderMarket(line: number): { market: number; over: number; under: number } | undefined {
  const market = MARKETS.find((m) => overUnderLine(m.id) === line);
  if (!market) return undefined;
  const [over, under] = market.selections;
  return over !== undefined && under !== undefined ? { market: market.id, over, under } : undefined;
}

/** The selection of a totals outcome at a line, or why there is none. */
export function totalsSelection(
  line: number | undefined,
  side: 'over' | 'under',
): { market: number; selection: number } | 'line-ignored' {
  const ou = line === undefined ? undefined : overUnderMarket(line);
  if (!ou) return 'line-ignored';
  return { market: ou.market, selection: side === 'over' ? ou.over : ou.under };
}

const BOOST = /enhanced|boost/i;

/** Whether a market or outcome name advertises a boosted ("Enhanced", "Boost") price. */
export function namesBoost(...names: unknown[]): boolean {
  return names.some((n) => typeof n === 'string' && BOOST.test(n));
}
