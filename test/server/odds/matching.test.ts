import { DEFAULT_MATCH_TOLERANCE_MS, findMatchingEvent } from '../../../src/server/modules/odds/matching/event-matcher';
import { canonicalTeamName, normalizeTeamName, teamKey } from '../../../src/server/modules/odds/matching/team-names';

describe('team names', () => {
  it.each([
    ['Man United', 'Manchester United'],
    ['Manchester Utd', 'Manchester United'],
    ["Nott'm Forest", 'Nottingham Forest'],
    ['Inter', 'Internazionale'],
    ['Inter Milan', 'FC Internazionale Milano'],
    ['Bayern Munich', 'Bayern München'],
    ['FC Bayern Muenchen', 'Bayern Munich'],
    ['Ath Madrid', 'Atlético de Madrid'],
    ['Ath Bilbao', 'Athletic Club'],
    ["M'gladbach", 'Borussia Mönchengladbach'],
    ['Wolves', 'Wolverhampton Wanderers'],
    ['Spurs', 'Tottenham Hotspur'],
    ['Milan', 'AC Milan'],
    ['Brighton', 'Brighton & Hove Albion'],
    ['Brighton and Hove Albion', 'Brighton & Hove Albion'],
    ['St Pauli', 'FC St. Pauli'],
  ])('"%s" and "%s" are one club', (a, b) => {
    expect(teamKey(a)).toBe(teamKey(b));
  });

  it.each([
    ['Manchester United', 'Manchester City'],
    ['Inter', 'AC Milan'],
    ['Real Madrid', 'Atlético Madrid'],
    ['Athletic Club', 'Atlético Madrid'],
    ['Borussia Dortmund', 'Borussia Mönchengladbach'],
  ])('"%s" and "%s" stay apart', (a, b) => {
    expect(teamKey(a)).not.toBe(teamKey(b));
  });

  it('ignores case, accents, punctuation, club-form tokens and founding years', () => {
    expect(normalizeTeamName('  Atlético-de  MADRID ')).toBe('atletico madrid');
    expect(normalizeTeamName('1. FSV Mainz 05')).toBe('mainz');
    expect(teamKey('SOME NEW CLUB FC')).toBe(teamKey('Some New Club'));
  });

  it('shows the display name of a known club and keeps an unknown one as sent', () => {
    expect(canonicalTeamName('Man United')).toBe('Manchester United');
    expect(canonicalTeamName('  Enyimba   International ')).toBe('Enyimba International');
  });
});

describe('event matcher', () => {
  const kickoff = Date.parse('2026-11-28T15:00:00Z');
  const known = [
    { id: 'a', competitionId: 1, homeKey: teamKey('Arsenal'), awayKey: teamKey('Chelsea'), kickoffAt: kickoff },
    { id: 'b', competitionId: 1, homeKey: teamKey('Man United'), awayKey: teamKey('Spurs'), kickoffAt: kickoff },
    {
      id: 'c',
      competitionId: 1,
      homeKey: teamKey('Man United'),
      awayKey: teamKey('Spurs'),
      kickoffAt: kickoff + 2 * 3600_000,
    },
  ];
  const query = (home: string, away: string, at: number, competitionId = 1) => ({
    competitionId,
    homeKey: teamKey(home),
    awayKey: teamKey(away),
    kickoffAt: at,
  });

  it('matches the same clubs under other names, a few minutes apart', () => {
    expect(findMatchingEvent(known, query('Arsenal FC', 'Chelsea', kickoff + 5 * 60_000))?.id).toBe('a');
  });

  it('takes the nearest kick-off when several qualify', () => {
    expect(
      findMatchingEvent(known, query('Manchester Utd', 'Tottenham Hotspur', kickoff + 3600_000 + 60_000))?.id,
    ).toBe('c');
    expect(findMatchingEvent(known, query('Manchester Utd', 'Tottenham Hotspur', kickoff - 60_000))?.id).toBe('b');
  });

  it('does not match beyond the tolerance, in another competition, or with home and away swapped', () => {
    expect(
      findMatchingEvent(known, query('Arsenal', 'Chelsea', kickoff + DEFAULT_MATCH_TOLERANCE_MS + 1)),
    ).toBeUndefined();
    expect(findMatchingEvent(known, query('Arsenal', 'Chelsea', kickoff, 2))).toBeUndefined();
    expect(findMatchingEvent(known, query('Chelsea', 'Arsenal', kickoff))).toBeUndefined();
    expect(findMatchingEvent(known, query('Arsenal', 'Chelsea', kickoff + 10 * 60_000), 5 * 60_000)).toBeUndefined();
  });
});
