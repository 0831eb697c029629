/**
 * The club alias table (data: club-aliases.txt) and its tolerant comparison: every club of the
 * four leagues in 2024/25 and 2025/26 and of the second tiers in 2025/26 resolves to one club
 * under every spelling, the books' real spellings of one club resolve to that club, nicknames are
 * marked, and two clubs of one city never resolve to each other however a name is written.
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  CLUB_ALIASES_FILE,
  ClubDirectory,
  clubAliasesErrors,
  clubDirectory,
  parseClubAliases,
} from '../../../src/server/modules/odds/sources/club-aliases';
import { teamKey } from '../../../src/server/modules/odds/matching/team-names';

const SEASON = join(__dirname, '../../fixtures/football-data-2024-25');
const NAMES = join(__dirname, '../../fixtures/club-names');
const LEAGUE_FILES: ReadonlyArray<[number, string]> = [
  [1, 'E0.csv'],
  [2, 'SP1.csv'],
  [3, 'I1.csv'],
  [4, 'D1.csv'],
];

function seasonClubs(file: string): string[] {
  const [header, ...rows] = readFileSync(join(SEASON, file), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const columns = (header ?? '').split(',');
  const home = columns.indexOf('HomeTeam');
  const away = columns.indexOf('AwayTeam');
  return [...new Set(rows.flatMap((r) => [r.split(',')[home] ?? '', r.split(',')[away] ?? '']))].sort();
}

const { aliases, errors } = parseClubAliases(readFileSync(CLUB_ALIASES_FILE, 'utf8'));
const clubs = clubDirectory();
const AMBIGUOUS = ['Manchester', 'Borussia', 'Eintracht', 'Deportivo'];

describe('club alias table', () => {
  it('reads every line', () => {
    expect(errors).toEqual([]);
    expect(clubAliasesErrors()).toEqual([]);
    expect(aliases.length).toBeGreaterThan(600);
  });

  it.each(LEAGUE_FILES)(
    'covers every club of competition %i in 2024/25 (%s) as the season file names it',
    (competition, file) => {
      const names = seasonClubs(file);
      expect(names.length).toBeGreaterThanOrEqual(18);
      const resolved = names.map((name) => clubs.resolve(name, competition));
      resolved.forEach((found) => expect(found).toHaveLength(1));
      expect(new Set(resolved.map((r) => r[0])).size).toBe(names.length);
      expect(clubs.clubs(competition)).toEqual(expect.arrayContaining(resolved.map((r) => r[0])));
    },
  );

  it.each([
    // Promoted for 2025/26
    [1, ['Leeds United', 'Burnley', 'Sunderland']],
    [2, ['Levante', 'Elche', 'Real Oviedo']],
    [3, ['Sassuolo', 'Pisa', 'Cremonese']],
    [4, ['1. FC Köln', 'Hamburger SV']],
    // Second tiers of 2025/26: the clubs that can come up for 2026/27 (a few of each)
    [1, ['Ipswich Town', 'Leicester City', 'Southampton', 'Sheffield United', 'Sheffield Wednesday', 'Wrexham']],
    [2, ['Las Palmas', 'Leganés', 'Real Valladolid', 'Deportivo La Coruña', 'Racing Santander', 'Sporting Gijón']],
    [3, ['Empoli', 'Venezia', 'Monza', 'Palermo', 'Sampdoria', 'Südtirol']],
    [4, ['VfL Bochum', 'Holstein Kiel', 'Schalke 04', 'Hertha BSC', 'Hannover 96', '1. FC Kaiserslautern']],
  ] as const)('knows the clubs of competition %i beyond 2024/25: %j', (competition, names) => {
    for (const name of names) expect(clubs.resolve(name, competition)).toEqual([name]);
  });

  it.each(clubDirectory().clubs())('resolves every spelling of %s to that club alone', (club) => {
    const spellings = [club, ...aliases.filter((a) => a.club === club).map((a) => a.spelling)].filter(
      (s) => !AMBIGUOUS.includes(s),
    );
    expect(new Set(spellings).size).toBeGreaterThanOrEqual(2);
    for (const spelling of spellings) {
      expect(clubs.resolve(spelling)).toEqual([club]);
      expect(clubs.canonical(` ${spelling.toUpperCase()} `)).toBe(club);
    }
  });

  it('uses the display names the pipeline keys on, so events stay one per club', () => {
    for (const club of clubs.clubs()) expect(teamKey(club)).toBe(teamKey(clubs.canonical(club) ?? ''));
    expect(clubs.canonical('Man Utd')).toBe('Manchester United');
    expect(clubs.canonical('Internazionale')).toBe('Inter');
    expect(clubs.canonical('Atlético de Madrid')).toBe('Atlético Madrid');
  });

  it('marks nicknames, which resolve exactly but never tolerantly', () => {
    expect(clubs.nicknames('Tottenham Hotspur')).toContain('Spurs');
    expect(clubs.nicknames('Manchester United')).toEqual(expect.arrayContaining(['Man Utd', 'Red Devils']));
    expect(clubs.nicknames('Barcelona')).toEqual(expect.arrayContaining(['Barca', 'Barça']));
    expect(clubs.nicknames('Juventus')).toContain('Juve');
    expect(clubs.canonical('Barça')).toBe('Barcelona');
    expect(clubs.canonical('Red Devils')).toBe('Manchester United');
    // "Red" abbreviates the nickname only: no club.
    expect(clubs.resolve('Red', 1)).toEqual([]);
    expect(aliases.filter((a) => a.nickname).length).toBeGreaterThan(40);
  });

  it('reads tolerantly: abbreviations, affixes and generic words left off, never a guess', () => {
    expect(clubs.resolution('Bayern Mun.', 4)).toEqual({ kind: 'club', club: 'Bayern Munich', tolerant: true });
    expect(clubs.canonical('Wolverh.', 1)).toBe('Wolverhampton Wanderers');
    expect(clubs.canonical('Man U', 1)).toBe('Manchester United');
    expect(clubs.canonical('Inter M.', 3)).toBe('Inter');
    expect(clubs.canonical('Newc. United', 1)).toBe('Newcastle United');
    expect(clubs.canonical('Crystal P.', 1)).toBe('Crystal Palace');
    expect(clubs.canonical('Borussia M´gladbach', 4)).toBe('Borussia Mönchengladbach');
    expect(clubs.canonical('AC Sassuolo Calcio 1920', 3)).toBe('Sassuolo');
    expect(clubs.canonical('Plymouth Argyle FC', 1)).toBe('Plymouth Argyle');
    expect(clubs.canonical('Hull', 1)).toBe('Hull City');
    // Ambiguous or not ours: never one club.
    expect(clubs.resolve('Real M.', 2).sort()).toEqual(['Mallorca', 'Real Madrid']);
    expect(clubs.resolve('Man', 1).sort()).toEqual(['Manchester City', 'Manchester United']);
    expect(clubs.resolve('AC M.', 3).length).toBeGreaterThan(1);
    expect(clubs.resolve('Sporting', 2)).toEqual([]);
    expect(clubs.resolve('Real', 2)).toEqual([]);
    expect(clubs.resolve('Leeds United U21', 1)).toEqual([]);
    expect(clubs.resolve('Real Sociedad B', 2)).toEqual(['Real Sociedad B']);
  });

  it.each([
    ['Manchester City', 'Manchester United'],
    ['Man City', 'Man Utd'],
    ['Inter', 'AC Milan'],
    ['Inter Milan', 'Milan'],
    ['Real Madrid', 'Atlético Madrid'],
    ['Real Madrid', 'Real Sociedad'],
    ['Atletico', 'Athletic'],
    ['Borussia Dortmund', 'Borussia Mönchengladbach'],
    ['Bor. Dortmund', "Borussia M'gladbach"],
    ['Lazio Roma', 'AS Roma'],
    ['Real Betis', 'Real Valladolid'],
    ['Sevilla', 'Betis Sevilla'],
    ['Espanyol Barcelona', 'FC Barcelona'],
    ['Hertha BSC Berlin', '1. FC Union Berlin'],
    ['Hamburger SV', 'FC St. Pauli'],
    ['Genoa CFC', 'Sampdoria Genoa'],
    ['Torino FC', 'Juventus Turin'],
    ['Everton FC', 'Liverpool FC'],
    ['Sheffield Utd', 'Sheffield Wed'],
    ['Real Sociedad', 'Real Sociedad B'],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(clubs.canonical(a)).toBeDefined();
    expect(clubs.canonical(b)).toBeDefined();
    expect(clubs.canonical(a)).not.toBe(clubs.canonical(b));
  });

  it('knows which spellings are ambiguous and resolves them to every club they can mean', () => {
    expect(clubs.ambiguousSpellings().sort()).toEqual(['borussia', 'deportivo', 'eintracht', 'manchester']);
    expect(clubs.resolve('Manchester', 1).sort()).toEqual(['Manchester City', 'Manchester United']);
    expect(clubs.canonical('Borussia')).toBeUndefined();
    expect(clubs.resolve('Enyimba')).toEqual([]);
  });

  it('reports lines it cannot read and lets one added line teach a new spelling', () => {
    const table = parseClubAliases(
      '# comment\n1 | Arsenal | The Gunners\nnot a line\n\n9 | | x\n1 | Arsenal | Gooners | nickname\n1 | Arsenal | A | nick\n',
    );
    expect(table.errors).toEqual(['line 3: not a line', 'line 5: 9 | | x', 'line 7: 1 | Arsenal | A | nick']);
    const directory = new ClubDirectory(table.aliases);
    expect(directory.canonical('the gunners')).toBe('Arsenal');
    expect(directory.nicknames('Arsenal')).toEqual(['Gooners']);
  });
});

describe('real spellings of the books', () => {
  const books = ['bet9ja', 'betking', 'nairabet'] as const;
  const byValue = new Map<string, Array<{ book: string; spelling: string }>>();
  for (const book of books) {
    const table = JSON.parse(readFileSync(join(NAMES, `${book}-normalizer.json`), 'utf8')) as Record<string, string>;
    for (const [spelling, value] of Object.entries(table)) {
      byValue.set(value, [...(byValue.get(value) ?? []), { book, spelling }]);
    }
  }
  // The values that are clubs of ours: the author's one name for the club resolves to one of our clubs.
  const ours = [...byValue.entries()].filter(([value]) => clubs.resolve(value).length === 1);

  it('covers the clubs of ours the three books name, the promoted ones and real oddities included', () => {
    expect(ours.length).toBeGreaterThanOrEqual(120);
    const names = ours.map(([value]) => clubs.canonical(value));
    for (const club of [
      'Leeds United',
      'Lecce',
      'Bayern Munich',
      'Levante',
      'Elche',
      'Real Oviedo',
      'Sassuolo',
      'Cremonese',
    ]) {
      expect(names).toContain(club);
    }
    expect(clubs.canonical('Leeds', 1)).toBe('Leeds United');
    expect(clubs.canonical('Leeds Utd', 1)).toBe('Leeds United');
    expect(clubs.canonical('Bayern M.', 4)).toBe('Bayern Munich');
    expect(clubs.canonical('US Leece', 3)).toBe('Lecce');
  });

  it.each(ours)('resolves every book’s spelling of "%s" to one club', (value, spellings) => {
    const club = clubs.canonical(value);
    for (const { spelling } of spellings) expect(clubs.resolve(spelling)).toEqual([club]);
  });

  const answers = JSON.parse(readFileSync(join(NAMES, 'list-answers.json'), 'utf8')) as Array<{
    book: string;
    home: string;
    away: string;
    competition: number | null;
  }>;
  const EXPECTED: Record<string, string> = {
    Fulham: 'Fulham',
    Chelsea: 'Chelsea',
    'Crystal Palace': 'Crystal Palace',
    'Man City': 'Manchester City',
    Brentford: 'Brentford',
    Tottenham: 'Tottenham Hotspur',
    'Aston Villa': 'Aston Villa',
    Brighton: 'Brighton & Hove Albion',
    Arsenal: 'Arsenal',
    Leeds: 'Leeds United',
    Newcastle: 'Newcastle United',
    'Man Utd': 'Manchester United',
    'Borussia M´gladbach': 'Borussia Mönchengladbach',
    Inter: 'Inter',
    Liverpool: 'Liverpool',
    Bournemouth: 'Bournemouth',
    Burnley: 'Burnley',
    Wolves: 'Wolverhampton Wanderers',
    Villarreal: 'Villarreal',
    'Real Oviedo': 'Real Oviedo',
    Mallorca: 'Mallorca',
    Barcelona: 'Barcelona',
    Espanyol: 'Espanyol',
    'Atletico Madrid': 'Atlético Madrid',
    Leicester: 'Leicester City',
    'Sheffield Wednesday': 'Sheffield Wednesday',
    Nottingham: 'Nottingham Forest',
    'Sunderland AFC': 'Sunderland',
    'West Ham': 'West Ham United',
    'Athletic Bilbao': 'Athletic Club',
    Sevilla: 'Sevilla',
    Southampton: 'Southampton',
    'Wrexham AFC': 'Wrexham',
    'Real Madrid': 'Real Madrid',
    Osasuna: 'Osasuna',
    'FC Torino': 'Torino',
    'Bayern Munich': 'Bayern Munich',
    'RB Leipzig': 'RB Leipzig',
    Sassuolo: 'Sassuolo',
    Napoli: 'Napoli',
    Atalanta: 'Atalanta',
    'SC Pisa': 'Pisa',
    Juventus: 'Juventus',
    Parma: 'Parma',
    'AC Milan': 'AC Milan',
    'US Cremonese': 'Cremonese',
    'Bayer Leverkusen': 'Bayer Leverkusen',
  };

  it('resolves every club name of ours in the real list answers, and no other club to one of ours', () => {
    const names = [...new Set(answers.flatMap((a) => [a.home, a.away]))];
    for (const name of names) {
      const expected = EXPECTED[name];
      if (expected) expect(clubs.resolve(name)).toEqual([expected]);
      else for (const competition of [1, 2, 3, 4]) expect(clubs.resolve(name, competition)).toEqual([]);
    }
    expect(names.filter((n) => EXPECTED[n]).length).toBe(Object.keys(EXPECTED).length);
  });
});

describe('two clubs of one city never merge', () => {
  const PAIRS: ReadonlyArray<[number, string, string]> = [
    [1, 'Manchester United', 'Manchester City'],
    [1, 'Everton', 'Liverpool'],
    [1, 'Sheffield United', 'Sheffield Wednesday'],
    [1, 'Arsenal', 'Tottenham Hotspur'],
    [1, 'West Ham United', 'West Bromwich Albion'],
    [3, 'Inter', 'AC Milan'],
    [3, 'Roma', 'Lazio'],
    [3, 'Genoa', 'Sampdoria'],
    [3, 'Torino', 'Juventus'],
    [2, 'Real Madrid', 'Atlético Madrid'],
    [2, 'Real Madrid', 'Rayo Vallecano'],
    [2, 'Espanyol', 'Barcelona'],
    [2, 'Sevilla', 'Real Betis'],
    [2, 'Real Sociedad', 'Real Sociedad B'],
    [4, 'Hertha BSC', 'Union Berlin'],
    [4, 'Hamburger SV', 'St. Pauli'],
    [4, 'Borussia Dortmund', 'Borussia Mönchengladbach'],
    [4, 'Eintracht Frankfurt', 'Eintracht Braunschweig'],
  ];
  const spellingsOf = (club: string) =>
    [club, ...aliases.filter((a) => a.club === club && !a.nickname).map((a) => a.spelling)].filter(
      (s) => !AMBIGUOUS.includes(s),
    );

  /** Ways a book writes a club's name: case, accents, affixes, "Utd", abbreviated words, a generic word left off. */
  const written = (spellings: readonly string[]) =>
    fc
      .record({
        spelling: fc.constantFrom(...spellings),
        upper: fc.boolean(),
        plain: fc.boolean(),
        prefix: fc.constantFrom('', 'FC ', 'AC ', '1. ', 'SC ', 'US '),
        suffix: fc.constantFrom('', ' FC', ' 1909', ' CF', ' AFC'),
        abbreviate: fc.array(fc.nat({ max: 3 }), { maxLength: 2 }),
        keep: fc.integer({ min: 1, max: 4 }),
        dropTail: fc.boolean(),
      })
      .map(({ spelling, upper, plain, prefix, suffix, abbreviate, keep, dropTail }) => {
        let words = spelling.replace(/\bUnited\b/g, 'Utd').split(/\s+/);
        for (const i of abbreviate) {
          const word = words[i];
          if (word && word.length > keep) words[i] = `${word.slice(0, keep)}.`;
        }
        if (
          dropTail &&
          words.length > 1 &&
          /^(United|Utd|City|Town|Athletic|Albion|Rovers|Wanderers|Hotspur)$/.test(words[words.length - 1] ?? '')
        ) {
          words = words.slice(0, -1);
        }
        let name = `${prefix}${words.join(' ')}${suffix}`;
        if (plain) name = name.normalize('NFKD').replace(/\p{M}/gu, '');
        return upper ? name.toUpperCase() : name;
      });

  it.each(PAIRS)(
    'in competition %i, a written form of %s or %s never resolves to the other club alone',
    (competition, a, b) => {
      const both: Array<[string, string]> = [
        [a, b],
        [b, a],
      ];
      for (const [club, other] of both) {
        fc.assert(
          fc.property(written(spellingsOf(club)), (name) => {
            const found = clubs.resolve(name, competition);
            expect(found).not.toEqual([other]);
            if (found.length === 1) expect(found).toEqual([club]);
          }),
          { numRuns: 300, seed: 20261125 },
        );
      }
    },
  );

  it.each(PAIRS)(
    'in competition %i, every spelling of %s and of %s resolves to that club alone',
    (competition, a, b) => {
      for (const club of [a, b])
        for (const s of spellingsOf(club)) expect(clubs.resolve(s, competition)).toEqual([club]);
    },
  );
});

describe('reading the alias file again', () => {
  const before = process.env.ODDS_ALIASES_FILE;
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'aliases-'));
  });
  afterEach(() => {
    if (before === undefined) delete process.env.ODDS_ALIASES_FILE;
    else process.env.ODDS_ALIASES_FILE = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes an added line at the next call, keeps the last good table when the file goes, and names bad lines', () => {
    const file = join(dir, 'aliases.txt');
    writeFileSync(file, '1 | Leeds United | Leeds Utd\n');
    process.env.ODDS_ALIASES_FILE = file;
    expect(clubDirectory().canonical('Leeds Utd', 1)).toBe('Leeds United');
    expect(clubDirectory().canonical('Lds Whites', 1)).toBeUndefined();
    writeFileSync(file, '1 | Leeds United | Leeds Utd\n1 | Leeds United | Lds Whites\nbroken\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(clubDirectory().canonical('Lds Whites', 1)).toBe('Leeds United');
    expect(clubAliasesErrors()).toEqual(['line 3: broken']);
    rmSync(file);
    expect(clubDirectory().canonical('Lds Whites', 1)).toBe('Leeds United');
    delete process.env.ODDS_ALIASES_FILE;
    expect(clubDirectory().canonical('Lds Whites', 1)).toBeUndefined();
    expect(clubDirectory().canonical('Leeds Utd', 1)).toBe('Leeds United');
  });
});
