/**
 * Statistics behind the demo feed's constants: bookmaker margins and team goal ratings,
 * computed from the 2024/25 football-data files. `scripts/calibrate-margins.ts` prints
 * them; the committed constants in src/server/odds/demo are checked against them in tests.
 */
import { type MatchRow, prices, readLeague } from './football-data';

/** Reference books in the files: Bet365, Bwin, Pinnacle, William Hill, 1xBet, market average. */
export const REFERENCE_BOOKS = ['B365', 'BW', 'PS', 'WH', '1XB', 'Avg'] as const;
export type ReferenceBook = (typeof REFERENCE_BOOKS)[number];

export interface Spread {
  n: number;
  median: number;
  p10: number;
  p90: number;
}

/** Overround in percent of a set of prices (no rounding). */
export function overround(values: readonly number[]): number {
  return (values.reduce((s, v) => s + 1 / v, 0) - 1) * 100;
}

function quantile(sorted: readonly number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)));
  return sorted[index] as number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, median: quantile(sorted, 0.5), p10: quantile(sorted, 0.1), p90: quantile(sorted, 0.9) };
}

export function allRows(): MatchRow[] {
  return [1, 2, 3, 4].flatMap((id) => readLeague(id));
}

/** 1X2 margins of one reference book over the given rows. */
export function matchResultMargins(rows: readonly MatchRow[], book: ReferenceBook): number[] {
  return rows.flatMap((row) => {
    const p = prices(row, [`${book}H`, `${book}D`, `${book}A`]);
    return p ? [overround(p)] : [];
  });
}

/** Over/under 2.5 margins; the files carry them for Bet365 (`B365`), Pinnacle (`P`) and the average. */
export function overUnderMargins(rows: readonly MatchRow[], book: 'B365' | 'P' | 'Avg'): number[] {
  return rows.flatMap((row) => {
    const p = prices(row, [`${book}>2.5`, `${book}<2.5`]);
    return p ? [overround(p)] : [];
  });
}

export interface TeamRating {
  name: string;
  /** Goals scored per match ÷ league goals per team per match. */
  attack: number;
  /** Goals conceded per match ÷ league goals per team per match. */
  defence: number;
}

export interface LeagueRatings {
  homeGoals: number;
  awayGoals: number;
  teams: TeamRating[];
}

/** Average home/away goals and per-team attack/defence ratings from full-time results. */
export function leagueRatings(competitionId: number): LeagueRatings {
  const rows = readLeague(competitionId).filter((r) => r.FTHG !== '' && r.FTAG !== '');
  const teams = new Map<string, { scored: number; conceded: number; played: number }>();
  let home = 0;
  let away = 0;
  const add = (name: string, scored: number, conceded: number): void => {
    const t = teams.get(name) ?? { scored: 0, conceded: 0, played: 0 };
    teams.set(name, { scored: t.scored + scored, conceded: t.conceded + conceded, played: t.played + 1 });
  };
  for (const r of rows) {
    const hg = Number(r.FTHG);
    const ag = Number(r.FTAG);
    home += hg;
    away += ag;
    add(r.HomeTeam ?? '', hg, ag);
    add(r.AwayTeam ?? '', ag, hg);
  }
  const perTeam = (home + away) / (2 * rows.length);
  return {
    homeGoals: home / rows.length,
    awayGoals: away / rows.length,
    teams: [...teams.entries()]
      .map(([name, t]) => ({ name, attack: t.scored / t.played / perTeam, defence: t.conceded / t.played / perTeam }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
