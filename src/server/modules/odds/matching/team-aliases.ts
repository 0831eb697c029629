/**
 * Alias table of the matcher: each club's display name with the other names bookmakers and
 * data feeds use for it (football-data.co.uk short names included). Names are compared after
 * normalization (team-names.ts), so case, accents, punctuation, "FC"-style tokens and club
 * founding years need no entry of their own.
 */
export const TEAM_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // Premier League
  'Brighton & Hove Albion': ['Brighton', 'Brighton and Hove'],
  'Ipswich Town': ['Ipswich'],
  'Leicester City': ['Leicester'],
  'Manchester City': ['Man City', 'Man. City', 'Manchester C'],
  'Manchester United': ['Man United', 'Man Utd', 'Man. United', 'Manchester Utd', 'Manchester U'],
  'Newcastle United': ['Newcastle'],
  'Nottingham Forest': ["Nott'm Forest", 'Nottm Forest', "Nott'ham Forest", 'Forest'],
  'Tottenham Hotspur': ['Tottenham', 'Spurs'],
  'West Ham United': ['West Ham'],
  'Wolverhampton Wanderers': ['Wolves', 'Wolverhampton'],
  Bournemouth: ['AFC Bournemouth'],
  // La Liga
  Alavés: ['Alaves', 'Deportivo Alavés'],
  'Athletic Club': ['Ath Bilbao', 'Athletic Bilbao', 'Athletic'],
  'Atlético Madrid': ['Ath Madrid', 'Atletico Madrid', 'Atlético de Madrid', 'Atl. Madrid', 'Atletico'],
  'Real Betis': ['Betis', 'Real Betis Balompié'],
  'Celta Vigo': ['Celta', 'RC Celta', 'Celta de Vigo'],
  Espanyol: ['Espanol', 'RCD Espanyol'],
  Leganés: ['Leganes', 'CD Leganés'],
  'Real Sociedad': ['Sociedad'],
  'Real Valladolid': ['Valladolid'],
  'Rayo Vallecano': ['Vallecano', 'Rayo'],
  'Las Palmas': ['UD Las Palmas'],
  Mallorca: ['RCD Mallorca', 'Real Mallorca'],
  Girona: ['Girona FC'],
  Sevilla: ['Sevilla FC', 'Seville'],
  // Serie A
  Inter: ['Internazionale', 'Inter Milan', 'FC Internazionale Milano', 'Inter Milano'],
  'AC Milan': ['Milan'],
  'Hellas Verona': ['Verona'],
  Roma: ['AS Roma'],
  Napoli: ['SSC Napoli', 'Naples'],
  Juventus: ['Juve'],
  Lazio: ['SS Lazio'],
  Atalanta: ['Atalanta BC'],
  Como: ['Como 1907'],
  // Bundesliga
  'Bayern Munich': ['Bayern München', 'FC Bayern München', 'Bayern', 'Bayern Muenchen', 'FC Bayern'],
  'Borussia Dortmund': ['Dortmund', 'BVB'],
  'Bayer Leverkusen': ['Leverkusen', 'Bayer 04 Leverkusen'],
  'Borussia Mönchengladbach': ["M'gladbach", 'Gladbach', "Borussia M'gladbach", 'Mönchengladbach', 'Monchengladbach'],
  'Eintracht Frankfurt': ['Ein Frankfurt', 'Frankfurt'],
  'FC Augsburg': ['Augsburg'],
  'VfL Bochum': ['Bochum'],
  'SC Freiburg': ['Freiburg'],
  '1. FC Heidenheim': ['Heidenheim', 'FC Heidenheim 1846'],
  'TSG Hoffenheim': ['Hoffenheim', '1899 Hoffenheim', 'TSG 1899 Hoffenheim'],
  'Holstein Kiel': ['Kiel'],
  'Mainz 05': ['Mainz', 'FSV Mainz 05', '1. FSV Mainz 05'],
  'RB Leipzig': ['Leipzig', 'RasenBallsport Leipzig'],
  'St. Pauli': ['St Pauli', 'FC St. Pauli'],
  'VfB Stuttgart': ['Stuttgart'],
  'Union Berlin': ['1. FC Union Berlin', 'Union'],
  'Werder Bremen': ['Bremen', 'SV Werder Bremen'],
  'VfL Wolfsburg': ['Wolfsburg'],
};
