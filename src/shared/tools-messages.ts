/**
 * User-facing strings of the bettor tools and the bet slip (docs/product.md §10), kept out of
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

export const FAIR_MSG = {
  /** Under each market's table on the match page. */
  label: (method: DevigMethod) => `Fair odds (${METHOD_NAMES[method].toLowerCase()}, margin removed)`,
  books: (count: number) => (count === 1 ? 'from 1 bookmaker' : `from ${count} bookmakers`),
  none: 'Fair odds: no bookmaker prices the whole market.',
} as const;
