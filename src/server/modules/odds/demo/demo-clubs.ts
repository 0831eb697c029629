/**
 * The clubs of the four leagues in 2024/25 with goal ratings from that season's results
 * (printed by `scripts/calibrate-margins.ts` from the football-data files): a club's
 * attack is its goals per match over the league's goals per team per match, its defence the
 * same for goals conceded. Expected goals of a match: home = league home goals × home attack
 * × away defence; away = league away goals × away attack × home defence.
 */
import type { ExpectedGoals } from './goals-model';

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

const club = (name: string, short: string, attack: number, defence: number): Club => ({ name, short, attack, defence });

export const LEAGUES: Readonly<Record<number, League>> = {
  1: {
    homeGoals: 1.514,
    awayGoals: 1.431,
    clubs: [
      club('Arsenal', 'Arsenal', 1.245, 0.623),
      club('Aston Villa', 'Aston Villa', 1.057, 0.925),
      club('Bournemouth', 'Bournemouth', 1.038, 0.811),
      club('Brentford', 'Brentford', 1.189, 1.0),
      club('Brighton & Hove Albion', 'Brighton', 1.113, 1.057),
      club('Chelsea', 'Chelsea', 1.17, 0.811),
      club('Crystal Palace', 'Crystal Palace', 0.868, 0.906),
      club('Everton', 'Everton', 0.736, 0.83),
      club('Fulham', 'Fulham', 0.962, 0.943),
      club('Ipswich Town', 'Ipswich', 0.66, 1.453),
      club('Leicester City', 'Leicester', 0.585, 1.472),
      club('Liverpool', 'Liverpool', 1.566, 0.698),
      club('Manchester City', 'Man City', 1.264, 0.811),
      club('Manchester United', 'Man United', 0.792, 1.0),
      club('Newcastle United', 'Newcastle', 1.283, 0.849),
      club('Nottingham Forest', "Nott'm Forest", 1.057, 0.83),
      club('Southampton', 'Southampton', 0.472, 1.547),
      club('Tottenham Hotspur', 'Tottenham', 1.189, 1.113),
      club('West Ham United', 'West Ham', 0.792, 1.113),
      club('Wolverhampton Wanderers', 'Wolves', 0.962, 1.208),
    ],
  },
  2: {
    homeGoals: 1.458,
    awayGoals: 1.153,
    clubs: [
      club('Alavés', 'Alaves', 0.766, 1.0),
      club('Athletic Club', 'Ath Bilbao', 1.128, 0.553),
      club('Atlético Madrid', 'Ath Madrid', 1.277, 0.617),
      club('Barcelona', 'Barcelona', 2.064, 0.766),
      club('Real Betis', 'Betis', 1.17, 0.957),
      club('Celta Vigo', 'Celta', 1.191, 1.149),
      club('Espanyol', 'Espanol', 0.809, 1.043),
      club('Getafe', 'Getafe', 0.66, 0.766),
      club('Girona', 'Girona', 0.894, 1.128),
      club('Las Palmas', 'Las Palmas', 0.851, 1.234),
      club('Leganés', 'Leganes', 0.745, 1.191),
      club('Mallorca', 'Mallorca', 0.723, 0.894),
      club('Osasuna', 'Osasuna', 0.957, 1.085),
      club('Real Madrid', 'Real Madrid', 1.574, 0.809),
      club('Sevilla', 'Sevilla', 0.851, 1.043),
      club('Real Sociedad', 'Sociedad', 0.681, 0.894),
      club('Valencia', 'Valencia', 0.915, 1.106),
      club('Real Valladolid', 'Valladolid', 0.553, 1.83),
      club('Rayo Vallecano', 'Vallecano', 0.83, 0.936),
      club('Villarreal', 'Villarreal', 1.362, 1.0),
    ],
  },
  3: {
    homeGoals: 1.331,
    awayGoals: 1.203,
    clubs: [
      club('Atalanta', 'Atalanta', 1.601, 0.702),
      club('Bologna', 'Bologna', 1.184, 0.899),
      club('Cagliari', 'Cagliari', 0.811, 1.184),
      club('Como', 'Como', 1.053, 1.075),
      club('Empoli', 'Empoli', 0.636, 1.228),
      club('Fiorentina', 'Fiorentina', 1.184, 0.811),
      club('Genoa', 'Genoa', 0.702, 0.987),
      club('Inter', 'Inter', 1.645, 0.724),
      club('Juventus', 'Juventus', 1.162, 0.724),
      club('Lazio', 'Lazio', 1.294, 1.009),
      club('Lecce', 'Lecce', 0.548, 1.272),
      club('AC Milan', 'Milan', 1.272, 0.877),
      club('Monza', 'Monza', 0.592, 1.404),
      club('Napoli', 'Napoli', 1.25, 0.592),
      club('Parma', 'Parma', 0.899, 1.228),
      club('Roma', 'Roma', 1.118, 0.746),
      club('Torino', 'Torino', 0.855, 0.921),
      club('Udinese', 'Udinese', 0.855, 1.118),
      club('Venezia', 'Venezia', 0.658, 1.096),
      club('Hellas Verona', 'Verona', 0.68, 1.404),
    ],
  },
  4: {
    homeGoals: 1.646,
    awayGoals: 1.478,
    clubs: [
      club('FC Augsburg', 'Augsburg', 0.659, 0.95),
      club('Bayern Munich', 'Bayern Munich', 1.843, 0.621),
      club('VfL Bochum', 'Bochum', 0.601, 1.3),
      club('Borussia Dortmund', 'Dortmund', 1.319, 0.989),
      club('Eintracht Frankfurt', 'Ein Frankfurt', 1.261, 0.873),
      club('SC Freiburg', 'Freiburg', 0.931, 0.97),
      club('1. FC Heidenheim', 'Heidenheim', 0.698, 1.164),
      club('TSG Hoffenheim', 'Hoffenheim', 0.892, 1.241),
      club('Holstein Kiel', 'Holstein Kiel', 0.95, 1.494),
      club('Bayer Leverkusen', 'Leverkusen', 1.358, 0.795),
      club('Borussia Mönchengladbach', "M'gladbach", 1.067, 1.086),
      club('Mainz 05', 'Mainz', 1.028, 0.795),
      club('RB Leipzig', 'RB Leipzig', 0.989, 0.873),
      club('St. Pauli', 'St Pauli', 0.543, 0.756),
      club('VfB Stuttgart', 'Stuttgart', 1.183, 0.989),
      club('Union Berlin', 'Union Berlin', 0.64, 0.97),
      club('Werder Bremen', 'Werder Bremen', 0.97, 1.086),
      club('VfL Wolfsburg', 'Wolfsburg', 1.067, 1.047),
    ],
  },
};

export function expectedGoals(league: League, home: Club, away: Club): ExpectedGoals {
  return {
    home: league.homeGoals * home.attack * away.defence,
    away: league.awayGoals * away.attack * home.defence,
  };
}
