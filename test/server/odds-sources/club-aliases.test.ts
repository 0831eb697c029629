/**
 * The club alias table: every club of the four leagues in 2024/25 (the clubs of the
 * football-data.co.uk season files) under at least three spellings resolves to one club, and
 * clubs that share words never resolve to each other.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CLUB_ALIASES_FILE,
  ClubDirectory,
  clubDirectory,
  parseClubAliases,
} from '../../../src/server/modules/odds/sources/club-aliases';
import { teamKey } from '../../../src/server/modules/odds/matching/team-names';

const SEASON = join(__dirname, '../../fixtures/football-data-2024-25');
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

describe('club alias table', () => {
  it('reads every line', () => {
    expect(errors).toEqual([]);
    expect(aliases.length).toBeGreaterThan(250);
  });

  it.each(LEAGUE_FILES)('covers every club of competition %i (%s) as the season file names it', (competition, file) => {
    const names = seasonClubs(file);
    expect(names.length).toBeGreaterThanOrEqual(18);
    const resolved = names.map((name) => clubs.resolve(name, competition));
    resolved.forEach((found) => expect(found).toHaveLength(1));
    expect(new Set(resolved.map((r) => r[0])).size).toBe(names.length);
    expect(clubs.clubs(competition).sort()).toEqual(resolved.map((r) => r[0]).sort());
  });

  it.each(clubDirectory().clubs())('resolves every spelling of %s, at least three, to that club alone', (club) => {
    const spellings = [club, ...aliases.filter((a) => a.club === club).map((a) => a.spelling)].filter(
      (s) => !['Manchester', 'Borussia'].includes(s),
    );
    expect(new Set(spellings).size).toBeGreaterThanOrEqual(3);
    for (const spelling of spellings) {
      expect(clubs.resolve(spelling)).toEqual([club]);
      expect(clubs.canonical(` ${spelling.toUpperCase()} `)).toBe(club);
    }
  });

  it('uses the display names the existing matcher keys on, so events stay one per club', () => {
    for (const club of clubs.clubs()) expect(teamKey(club)).toBe(teamKey(clubs.canonical(club) ?? ''));
    expect(clubs.canonical('Man Utd')).toBe('Manchester United');
    expect(clubs.canonical('Internazionale')).toBe('Inter');
    expect(clubs.canonical('Atlético de Madrid')).toBe('Atlético Madrid');
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
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(clubs.canonical(a)).toBeDefined();
    expect(clubs.canonical(b)).toBeDefined();
    expect(clubs.canonical(a)).not.toBe(clubs.canonical(b));
  });

  it('knows which spellings are ambiguous and resolves them to every club they can mean', () => {
    expect(clubs.ambiguousSpellings().sort()).toEqual(['borussia', 'manchester']);
    expect(clubs.resolve('Manchester', 1).sort()).toEqual(['Manchester City', 'Manchester United']);
    expect(clubs.canonical('Borussia')).toBeUndefined();
    expect(clubs.resolve('Enyimba')).toEqual([]);
  });

  it('reports lines it cannot read and lets one added line teach a new spelling', () => {
    const table = parseClubAliases('# comment\n1 | Arsenal | The Gunners\nnot a line\n\n9 | | x\n');
    expect(table.errors).toEqual(['line 3: not a line', 'line 5: 9 | | x']);
    expect(new ClubDirectory(table.aliases).canonical('the gunners')).toBe('Arsenal');
  });
});
