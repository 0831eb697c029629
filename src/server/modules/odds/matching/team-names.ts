/**
 * Team-name normalization for matching one event across providers (docs/architecture.md §5):
 * "Man United", "Manchester Utd" and "Manchester United" are one club. A name is first
 * normalized (lower case, accents and punctuation dropped, club-form tokens like FC/AC/VfB
 * and numbers dropped), then looked up in the alias table; the key is the normalized
 * display name, or the normalized name itself when the club has no entry.
 */
import { TEAM_ALIASES } from './team-aliases';

/** Tokens that say what kind of club it is, not which one. */
const FORM_TOKENS = new Set([
  'fc',
  'afc',
  'cf',
  'sc',
  'ac',
  'as',
  'ss',
  'ssc',
  'bc',
  'vfb',
  'vfl',
  'tsg',
  'fsv',
  'sv',
  'rcd',
  'rc',
  'ud',
  'cd',
  'sd',
  'club',
  'calcio',
  'de',
]);
/** Spelling variants folded into one form before comparing. */
const TOKEN_VARIANTS: Readonly<Record<string, string>> = { utd: 'united', muenchen: 'munchen', and: '' };

/** Lower case, accents stripped, `&` as "and", everything but letters and digits as spaces, form tokens and numbers dropped. */
export function normalizeTeamName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ');
  const tokens = plain
    .split(' ')
    .map((t) => TOKEN_VARIANTS[t] ?? t)
    .filter((t) => t !== '' && !FORM_TOKENS.has(t) && !/^\d+$/.test(t));
  return tokens.join(' ');
}

const DISPLAY_BY_KEY = new Map<string, string>();
for (const [display, aliases] of Object.entries(TEAM_ALIASES)) {
  for (const name of [display, ...aliases]) DISPLAY_BY_KEY.set(normalizeTeamName(name), display);
}

/** The club's display name from the alias table, or the name as given (trimmed) when unknown. */
export function canonicalTeamName(name: string): string {
  return DISPLAY_BY_KEY.get(normalizeTeamName(name)) ?? name.trim().replace(/\s+/g, ' ');
}

/** The key two names of one club share. */
export function teamKey(name: string): string {
  return normalizeTeamName(canonicalTeamName(name));
}
