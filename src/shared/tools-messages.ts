/**
 * User-facing strings of the bettor tools and the bet slip, kept out of
 * messages.ts so they travel with the tools' chunks; only the navigation labels and the slip
 * toggle's words are read by the first bundle.
 */
import type { DevigMethod } from './betting/devig';

/** Method names as the menu lists them. */
export const METHOD_NAMES: Readonly<Record<DevigMethod, string>> = {
  multiplicative: 'Multiplicative',
  additive: 'Additive',
  power: 'Power',
  shin: 'Shin',
};

/** One sentence per method, listed under the method menu on /tools/value. */
export const METHOD_ABOUT: Readonly<Record<DevigMethod, string>> = {
  multiplicative: 'Scales every chance down by the same factor: the simplest way and the one most sites use.',
  additive: 'Takes the same amount off every chance, so long shots lose relatively more.',
  power: 'Raises every chance to one power until they add up to 100%, taking more margin off long shots.',
  shin: 'Assumes part of the money comes from bettors who know more, and takes most of the margin off long shots.',
};

export const FAIR_MSG = {
  /** Under each market's table on the match page. */
  label: (method: DevigMethod) => `Fair odds (${METHOD_NAMES[method].toLowerCase()}, margin removed)`,
  books: (count: number) => (count === 1 ? 'from 1 bookmaker' : `from ${count} bookmakers`),
  none: 'Fair odds: no bookmaker prices the whole market.',
} as const;

export const TOOLS_MSG = {
  responsibleGambling: 'Bet responsibly: help and limits',
  loading: 'Loading…',
  surebetsTitle: 'Sure bets',
  surebetsIntro:
    'Matches where backing every outcome at the best price of different bookmakers returns more than the total stake, whatever the result. Prices move fast: check each price at the bookmaker before you place.',
  includeBoosts: 'Include boosted prices',
  surebetsFailed: 'Failed to load sure bets',
  surebetsEmpty: 'No sure bets right now. Prices change all the time: look again later.',
  profit: 'Profit',
  leg: 'Selection',
  book: 'Bookmaker',
  price: 'Price',
  stake: 'Stake',
  return: 'Return',
  calculator: 'Stake calculator',
  totalStake: 'Total stake (₦)',
  totalInvalid: 'Enter a whole number of Naira above 0.',
  guaranteed: (profit: string) => `Every outcome returns more than the stake: at least ${profit} profit.`,
  broken: 'Rounding to whole Naira breaks the guarantee: at least one outcome returns no more than the total stake.',
  belowMinimum: (book: string, minimum: string) => `Below ${book}'s minimum stake of ${minimum}.`,
  minimumTotal: (total: string) => `Smallest total that meets every minimum stake and still profits: ${total}.`,
  noMinimumTotal: 'No total up to ₦20,000 above the minimums keeps this sure bet profitable after rounding.',
  minimums: (text: string) => `Minimum stakes: ${text}.`,
  valueTitle: 'Value bets',
  valueIntro: 'Prices at least 2% above the fair price, largest edge first.',
  fairExplained:
    'The fair odds of a selection are the price with the bookmakers’ margin taken out. Every bookmaker adds a margin, so its prices imply chances that add up to more than 100%. We remove the margin from each bookmaker that prices the whole market (unboosted), using the method you choose, and average the chances they give; the fair odds are 1 divided by that chance. A price above the fair odds has an edge: on average it would pay back more than it costs, if the fair chance is right. It is an estimate, not a promise.',
  method: 'Method',
  /** The heading of the explanation under the value list: the answer comes first. */
  fairAbout: 'How fair odds are worked out',
  methodUsed: (name: string) => `Fair odds by the ${name.toLowerCase()} method.`,
  valueFailed: 'Failed to load value bets',
  valueEmpty: 'No price is 2% or more above its fair price right now.',
  checkPrice: 'check this price',
  fair: 'Fair',
  edge: 'Edge',
  match: 'Match',
  market: 'Market',
} as const;

export const SLIP_MSG = {
  title: 'Bet slip',
  close: 'Close bet slip',
  empty: 'Your slip is empty. Tap prices on the dashboard, or “Add to bet slip” on a match, to build an accumulator.',
  addHint: 'add to bet slip',
  add: 'Add to bet slip',
  remove: 'Remove from bet slip',
  removeLeg: (name: string) => `Remove ${name}`,
  clear: 'Clear slip',
  share: 'Copy share link',
  shared: 'Link copied',
  shareLink: 'Share link',
  stake: 'Stake (₦)',
  moved: (from: string, to: string) => `Price moved ${from} → ${to}`,
  gone: 'No longer available',
  book: 'Bookmaker',
  accaPrice: 'Acca price',
  return: 'Return',
  best: 'Best',
  extra: (book: string, amount: string | null, pct: string, worst: string) =>
    amount ? `${book} pays ${amount} (${pct}%) more than ${worst}.` : `${book} pays ${pct}% more than ${worst}.`,
  allSame: 'Every bookmaker pays the same.',
  missing: (books: string) => `Not every leg is priced at: ${books}.`,
  none: 'No bookmaker prices every leg of this slip.',
  loading: 'Loading current prices…',
  failed: 'Failed to load current prices',
  badLink: 'This slip link is not valid.',
  backToDashboard: 'Go to the dashboard',
} as const;

/** ₦ amount: whole Naira (`decimals` 0) or with kobo (2), thousands separated by commas. */
export function formatNaira(amount: number, decimals: 0 | 2 = 2): string {
  const [whole = '0', fraction] = Math.abs(amount).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '−' : ''}₦${grouped}${fraction ? `.${fraction}` : ''}`;
}
