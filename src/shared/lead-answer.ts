/**
 * "Lead with the answer": above every odds table, per selection the book that
 * pays most and how much more it returns than the worst listed book on a stake. Pure, shared by the
 * odds cards and the match page; the strings live here once.
 */
import type { MarketOddsDto } from './contract/odds';
import { formatOdds } from './odds-math';
import { providerMark, providerName } from './lookups';

/** The stake the gap is counted on when the person has not chosen one (₦1,000). */
export const LEAD_DEFAULT_STAKE = 1000;

export interface LeadAnswer {
  selectionTypeId: number;
  /** The best price and every book offering it (all of them on a tie), in the row order given. */
  best: number;
  bestProviderIds: number[];
  /** The lowest listed price and its book (the first in row order on a tie); null with one book only. */
  worst: number | null;
  worstProviderId: number | null;
}

/**
 * Per selection (in `columns` order) the best and the worst listed price. Books without a price
 * for the selection are not "listed" for it; a selection nobody prices is left out.
 */
export function leadAnswers(market: MarketOddsDto, columns: readonly number[]): LeadAnswer[] {
  const answers: LeadAnswer[] = [];
  for (const selectionTypeId of columns) {
    let best: number | null = null;
    let bestProviderIds: number[] = [];
    let worst: number | null = null;
    let worstProviderId: number | null = null;
    let listed = 0;
    for (const row of market.odds) {
      const value = row.odds.find((p) => p.selectionTypeId === selectionTypeId)?.value;
      if (value == null || !Number.isFinite(value)) continue;
      listed += 1;
      if (best === null || value > best) {
        best = value;
        bestProviderIds = [row.providerId];
      } else if (value === best) bestProviderIds.push(row.providerId);
      if (worst === null || value < worst) {
        worst = value;
        worstProviderId = row.providerId;
      }
    }
    if (best === null) continue;
    answers.push({
      selectionTypeId,
      best,
      bestProviderIds,
      worst: listed > 1 ? worst : null,
      worstProviderId: listed > 1 ? worstProviderId : null,
    });
  }
  return answers;
}

/** How much more the best price returns than the worst on `stake`, in Naira (kobo-exact). */
export function leadGain(answer: LeadAnswer, stake: number): number {
  if (answer.worst === null) return 0;
  return Math.round((answer.best - answer.worst) * stake * 100) / 100;
}

/**
 * Whole Naira when the amount is whole, else kobo: '₦200', '₦1,000', '₦12.50' (the slip's
 * formatting, kept here so the odds cards do not carry the tools' strings).
 */
function naira(amount: number): string {
  const [whole = '0', kobo] = amount.toFixed(Number.isInteger(amount) ? 0 : 2).split('.');
  return `₦${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${kobo ? `.${kobo}` : ''}`;
}

export const LEAD_MSG = {
  /** Names the line for screen readers and as its visible lead-in. */
  title: 'Best price',
  /** 'SportyBet 2.10' or 'SportyBet, Bet9Ja 2.10' on a tie. */
  books: (providerIds: readonly number[], best: number) =>
    `${providerIds.map(providerName).join(', ')} ${formatOdds(best)}`,
  /** 'SPB 2.10': the phone's form, with the tables' three-letter marks. */
  marks: (providerIds: readonly number[], best: number) =>
    `${providerIds.map(providerMark).join(', ')} ${formatOdds(best)}`,
  /** '₦200 more than NairaBet on ₦1,000'. */
  gain: (gain: number, worstProviderId: number, stake: number) =>
    `${naira(gain)} more than ${providerName(worstProviderId)} on ${naira(stake)}`,
  /** '₦200 more than NRB on ₦1,000'. */
  gainMark: (gain: number, worstProviderId: number, stake: number) =>
    `${naira(gain)} more than ${providerMark(worstProviderId)} on ${naira(stake)}`,
  /** Every listed book has the same price. */
  same: 'same at every listed book',
} as const;

/** The whole sentence of one selection, as shown after its label: 'SportyBet 2.10 · ₦200 more than NairaBet on ₦1,000'. */
export function leadText(answer: LeadAnswer, stake: number = LEAD_DEFAULT_STAKE): string {
  const books = LEAD_MSG.books(answer.bestProviderIds, answer.best);
  if (answer.worst === null || answer.worstProviderId === null) return books;
  const gain = leadGain(answer, stake);
  return gain > 0 ? `${books} · ${LEAD_MSG.gain(gain, answer.worstProviderId, stake)}` : `${books} · ${LEAD_MSG.same}`;
}
