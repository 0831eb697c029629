/**
 * Lookups of docs/product.md#entities with their fallbacks. Ids are the wire ids of docs/architecture.md#odds-model.
 */

export interface Country {
  id: number;
  name: string;
  slug: string;
  live: boolean;
}

/** Nigeria, the live country: the dashboard, the /nigeria preview and registration use its id. */
export const NIGERIA_COUNTRY_ID = 1;

export const COUNTRIES: readonly Country[] = [
  { id: NIGERIA_COUNTRY_ID, name: 'Nigeria', slug: 'nigeria', live: true },
  { id: 2, name: 'Ghana', slug: 'ghana', live: false },
  { id: 3, name: 'Kenya', slug: 'kenya', live: false },
];

export function countryById(id: number): Country | undefined {
  return COUNTRIES.find((c) => c.id === id);
}

export function countryName(id: number | string): string {
  const n = typeof id === 'string' ? Number(id) : id;
  return countryById(n)?.name ?? `Country ${id}`;
}

/** Accepts an id (`1`, `"1"`) or a slug (`"nigeria"`, any case); undefined when unknown. */
export function resolveCountry(value: string | number): Country | undefined {
  const text = String(value).trim().toLowerCase();
  if (/^\d+$/.test(text)) return countryById(Number(text));
  return COUNTRIES.find((c) => c.slug === text);
}

export const PROVIDERS: Readonly<Record<number, string>> = {
  1: 'Bet9Ja',
  2: 'BetKing',
  3: 'SportyBet',
  4: 'NairaBet',
  5: '1XBet',
};
export const PROVIDER_IDS = [1, 2, 3, 4, 5] as const;

export function providerName(id: number): string {
  return PROVIDERS[id] ?? `Provider ${id}`;
}

/** Three-letter marks for narrow tables (docs/product.md#screens); the full name stays beside them for screen readers. */
const PROVIDER_MARKS: Readonly<Record<number, string>> = { 1: 'B9J', 2: 'BKG', 3: 'SPB', 4: 'NRB', 5: '1XB' };

export function providerMark(id: number): string {
  return PROVIDER_MARKS[id] ?? `P${id}`;
}

export const SELECTIONS: Readonly<Record<number, string>> = {
  1: 'Home',
  2: 'Draw',
  3: 'Away',
  4: 'Over',
  5: 'Under',
  6: 'Over',
  7: 'Under',
  8: 'Over',
  9: 'Under',
  10: 'Over',
  11: 'Under',
  12: 'Over',
  13: 'Under',
  14: 'Yes',
  15: 'No',
  16: '1X',
  17: '12',
  18: 'X2',
};

export function selectionName(id: number): string {
  return SELECTIONS[id] ?? `Selection ${id}`;
}

export interface Competition {
  id: number;
  name: string;
  /** Flag code (ENG, ESP, ITA, DE); 'UN' when unknown. */
  flag: string;
}

export const COMPETITIONS: readonly Competition[] = [
  { id: 1, name: 'Premier League', flag: 'ENG' },
  { id: 2, name: 'La Liga', flag: 'ESP' },
  { id: 3, name: 'Serie A', flag: 'ITA' },
  { id: 4, name: 'Bundesliga', flag: 'DE' },
];
const UNKNOWN_FLAG = 'UN';

export function competitionName(id: number): string {
  return COMPETITIONS.find((c) => c.id === id)?.name ?? `Competition ${id}`;
}

export function competitionFlag(id: number): string {
  return COMPETITIONS.find((c) => c.id === id)?.flag ?? UNKNOWN_FLAG;
}

export interface Market {
  id: number;
  /** Short label shown in the dropdown and above tables. */
  name: string;
  description: string;
  selections: readonly number[];
}

export const MARKETS: readonly Market[] = [
  { id: 1, name: '1X2', description: 'Match result', selections: [1, 2, 3] },
  { id: 2, name: 'OU0.5', description: 'Over/Under 0.5 goals', selections: [4, 5] },
  { id: 3, name: 'OU1.5', description: 'Over/Under 1.5 goals', selections: [6, 7] },
  { id: 4, name: 'OU2.5', description: 'Over/Under 2.5 goals', selections: [8, 9] },
  { id: 5, name: 'OU3.5', description: 'Over/Under 3.5 goals', selections: [10, 11] },
  { id: 6, name: 'OU4.5', description: 'Over/Under 4.5 goals', selections: [12, 13] },
  { id: 7, name: 'BTTS', description: 'Both teams to score', selections: [14, 15] },
  { id: 8, name: 'DC', description: 'Double chance', selections: [16, 17, 18] },
];

/** 1X2, the match result: the market of the public sample and the dashboard's default. */
export const MATCH_RESULT_MARKET_ID = 1;
export const DOUBLE_CHANCE_MARKET_ID = 8;

export function marketById(id: number): Market | undefined {
  return MARKETS.find((m) => m.id === id);
}

export function marketName(id: number): string {
  return marketById(id)?.name ?? `Market ${id}`;
}

/** The market menu's entry: the spec's code beside its readable name ('BTTS · Both teams to score'; docs/product.md#screens). */
export function marketMenuName(id: number): string {
  const market = marketById(id);
  return market ? `${market.name} · ${market.description}` : marketName(id);
}

/** Selection ids of a market, in column order; empty for an unknown market. */
export function marketSelections(id: number): readonly number[] {
  return marketById(id)?.selections ?? [];
}

/** Goal line of an over/under market (2 → 0.5 … 6 → 4.5), undefined otherwise. */
export function overUnderLine(marketId: number): number | undefined {
  return marketId >= 2 && marketId <= 6 ? marketId - 1.5 : undefined;
}

/** Odds flag bits (docs/product.md#entities). */
export const OddsFlag = {
  Boosted: 1,
  Increased: 2,
  Decreased: 4,
  Best: 8,
} as const;

export function hasFlag(flags: number, flag: number): boolean {
  return (flags & flag) === flag;
}
