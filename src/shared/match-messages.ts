/**
 * User-facing strings of the match page and the dropping-odds list, kept
 * out of messages.ts so they travel with those pages' chunks instead of the first bundle.
 */

export const MATCH_MSG = {
  /** Page title while the match loads, and the route's document title. */
  title: 'Match',
  failed: 'Failed to load match odds',
  notFound: 'This match is no longer available.',
  bestPrices: 'Best prices',
  allMarkets: 'All markets',
  tapHint: 'Tap a price or a selection to see how it moved.',
  openingToCurrent: 'Opening → current',
  priceHistory: 'Price history',
  historyFailed: 'Failed to load price history',
  noHistory: 'No price changes recorded yet.',
  closeHistory: 'Close price history',
  chartHint: 'Use the arrow keys or tap the chart to read the prices at a moment.',
  bestBook: 'best price',
  backToDashboard: 'Back to dashboard',
} as const;

export const DROPS_MSG = {
  title: 'Dropping odds',
  intro: 'The biggest price falls across all leagues and markets: from the highest price in the period to now.',
  windowLabel: 'Period',
  window: (hours: number) => (hours === 1 ? 'Last hour' : `Last ${hours} hours`),
  failed: 'Failed to load dropping odds',
  empty: 'No prices have dropped in this period.',
  /** What the chosen window means, under the menu. */
  windowMeaning: (hours: number) =>
    `A drop is a price that is now lower than its highest price in the ${hours === 1 ? 'last hour' : `last ${hours} hours`}. One row per match, market and selection, with every bookmaker that dropped it.`,
  kickoff: (when: string) => `Kick-off ${when}`,
  movedAt: (when: string) => `moved at ${when}`,
  filters: { league: 'League', market: 'Market', book: 'Bookmaker', all: 'All' },
  noneFiltered: 'No drops for this league, market and bookmaker.',
} as const;
