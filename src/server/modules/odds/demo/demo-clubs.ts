/**
 * The clubs of the four leagues in 2024/25 with goal ratings from that season's results
 * (printed by `scripts/calibrate-margins.ts` from the football-data files): a club's
 * attack is its goals per match over the league's goals per team per match, its defence the
 * same for goals conceded. Expected goals of a match: home = league home goals × home attack
 * × away defence; away = league away goals × away attack × home defence.
 */
import type { ExpectedGoals } from './goals-model';
import SEASON from './demo-clubs.json';

export interface Club {
  /** Display name, as in the alias table. */
  name: string;
  /** The short name football-data.co.uk (and some bookmakers) use. */
  short: string;
  attack: number;
  defence: number;
}

export interface League {
  homeGoals: number;
  awayGoals: number;
  clubs: readonly Club[];
}

/** A row of the table (demo-clubs.json): name, short name, attack, defence. */
function clubOf(row: readonly (string | number)[]): Club {
  const [name, short, attack, defence] = row;
  if (
    typeof name !== 'string' ||
    typeof short !== 'string' ||
    typeof attack !== 'number' ||
    typeof defence !== 'number'
  )
    throw new Error(`demo-clubs.json: not a club row: ${JSON.stringify(row)}`);
  return { name, short, attack, defence };
}

/** Per league id, its goals per team and match at home and away, and its clubs. */
export const LEAGUES: Readonly<Record<number, League>> = Object.fromEntries(
  Object.entries(SEASON).map(([id, league]) => [
    Number(id),
    { homeGoals: league.homeGoals, awayGoals: league.awayGoals, clubs: league.clubs.map(clubOf) },
  ]),
);

export function expectedGoals(league: League, home: Club, away: Club): ExpectedGoals {
  return {
    home: league.homeGoals * home.attack * away.defence,
    away: league.awayGoals * away.attack * home.defence,
  };
}
