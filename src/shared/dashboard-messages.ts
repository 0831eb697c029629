/**
 * User-facing strings of the dashboard's view controls, margin legend and freshness marks
 * (docs/product.md#screens), kept out of messages.ts so they travel with the dashboard's chunk.
 */

export const DASHBOARD_MSG = {
  /** The day chips; 'All' clears the day. */
  days: { today: 'Today', tomorrow: 'Tomorrow', weekend: 'Weekend', all: 'All' },
  dayGroup: 'Kick-off day',
  search: 'Search team',
  clearSearch: 'Clear search',
  noFilteredMatches: 'No matches for this day or team.',
  /** A team search looks in every league (docs/product.md#screens); each card names its league. */
  searchAllLeagues: 'Matches of all four leagues for this team, by kick-off:',
  /** Names the match list's region (read by screen readers; the region stays 'Matches' when searching). */
  matches: 'Matches',
  /** A moved price's arrow, read out and shown as its tooltip: 'odds increased, was 2.10, 14:32'. */
  movement: (what: string, was: string, time: string) => `${what}, was ${was}, ${time}`,
  /** The desktop's choice between the match cards and the dense table (remembered on the device). */
  view: {
    label: 'Show odds as',
    cards: 'Cards',
    table: 'Table',
    match: 'Match',
    /** The dense table's margin column: the margin of the best prices together. */
    bestMargin: 'Best Ov',
    expand: (name: string) => `Every bookmaker for ${name}`,
    more: 'All books',
  },
  /** Beside the 'Demo data' badge while the demo feed runs. */
  simulated: 'Prices are simulated',
  /** The margin legend beside the tables and on /help (levels of docs/product.md#screens). */
  margin: {
    legendLabel: 'Ov is the bookmaker margin:',
    levels: [
      { word: 'good', short: (good: number) => `≤ ${good}%`, range: (good: number) => `up to ${good}%` },
      {
        word: 'average',
        short: (_good: number, average: number) => `≤ ${average}%`,
        range: (good: number, average: number) => `over ${good}% up to ${average}%`,
      },
      {
        word: 'high',
        short: (_good: number, average: number) => `> ${average}%`,
        range: (_good: number, average: number) => `above ${average}%`,
      },
    ],
    more: 'What is the margin?',
    helpExamples: 'For example, with the levels the tables use:',
    partial: 'a boosted price without its regular price is left out of this margin',
  },
} as const;
