/**
 * The normalization every team-name comparison starts from: lower case, accents stripped, `&` as "and", apostrophes of any kind (', ’, `, ´) and
 * dots dropped, everything else but letters and digits as spaces, club-form tokens (FC, AC, SC,
 * VfL, …) and numbers (founding years, "1.") dropped, "Utd" read as "united".
 */

/** Tokens that say what kind of club it is, not which one. */
const FORM_TOKENS = new Set([
  'fc',
  'afc',
  'cf',
  'sc',
  'ac',
  'as',
  'us',
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

export function normalizeTeamName(name: string): string {
  const plain = name
    .replace(/[´ʼ'’`.]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ');
  const tokens = plain
    .split(' ')
    .map((t) => TOKEN_VARIANTS[t] ?? t)
    .filter((t) => t !== '' && !FORM_TOKENS.has(t) && !/^\d+$/.test(t));
  return tokens.join(' ');
}
