/**
 * Reader for the 2024/25 football-data.co.uk result and price files kept as test fixtures
 * (test/fixtures/football-data-2024-25). Used to calibrate the demo feed and by tests.
 */
import fs from 'node:fs';
import path from 'node:path';

export const FOOTBALL_DATA_DIR = path.resolve(__dirname, '../../test/fixtures/football-data-2024-25');

/** File code of each competition id (1 Premier League … 4 Bundesliga). */
export const LEAGUE_FILES: Readonly<Record<number, string>> = { 1: 'E0', 2: 'SP1', 3: 'I1', 4: 'D1' };

export type MatchRow = Readonly<Record<string, string>>;

/** All rows of one league file, keyed by column name (the files hold no quoted commas). */
export function readLeague(competitionId: number, dir = FOOTBALL_DATA_DIR): MatchRow[] {
  const file = LEAGUE_FILES[competitionId];
  if (!file) throw new Error(`No football-data file for competition ${competitionId}`);
  const text = fs.readFileSync(path.join(dir, `${file}.csv`), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** Decimal prices of the given columns, or null when any is missing or not a price. */
export function prices(row: MatchRow, columns: readonly string[]): number[] | null {
  const values = columns.map((c) => Number(row[c]));
  return values.every((v) => Number.isFinite(v) && v > 1) ? values : null;
}
