/**
 * The dashboard's team search: case- and accent-insensitive, and it knows the
 * nicknames bettors type ('Spurs', 'Man Utd', 'Barca'). A small client-side list of the clubs of
 * the four leagues; each nickname stands for a piece of the club's listed name.
 */

/** Nickname (folded) → what the odds lists' name contains (folded). */
const NICKNAMES: Readonly<Record<string, string>> = {
  spurs: 'tottenham',
  'man utd': 'manchester united',
  'man united': 'manchester united',
  'man u': 'manchester united',
  'man city': 'manchester city',
  gunners: 'arsenal',
  'the blues': 'chelsea',
  reds: 'liverpool',
  toffees: 'everton',
  villa: 'aston villa',
  wolves: 'wolverhampton',
  forest: 'nottingham forest',
  "nott'm forest": 'nottingham forest',
  hammers: 'west ham',
  magpies: 'newcastle',
  seagulls: 'brighton',
  cherries: 'bournemouth',
  barca: 'barcelona',
  blaugrana: 'barcelona',
  atleti: 'atletico madrid',
  'real madrid': 'real madrid',
  'los blancos': 'real madrid',
  betis: 'real betis',
  athletic: 'athletic',
  bilbao: 'athletic',
  juve: 'juventus',
  'inter milan': 'inter',
  internazionale: 'inter',
  rossoneri: 'ac milan',
  bayern: 'bayern',
  'bayern munchen': 'bayern',
  bvb: 'dortmund',
  gladbach: 'monchengladbach',
  leverkusen: 'leverkusen',
  frankfurt: 'frankfurt',
};

/** Lower case, accents and surrounding spaces removed ('Atlético ' → 'atletico'). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a search looks for: the text itself and, for a known nickname, the club's listed name. */
export function searchTerms(query: string): string[] {
  const q = foldText(query);
  if (!q) return [];
  const club = NICKNAMES[q];
  return club && club !== q ? [q, club] : [q];
}

/** Whether a match's name answers a search ('spurs' finds 'Tottenham Hotspur vs Arsenal'). */
export function matchesTeamSearch(eventName: string, query: string): boolean {
  const terms = searchTerms(query);
  if (terms.length === 0) return true;
  const name = foldText(eventName);
  return terms.some((term) => name.includes(term));
}
