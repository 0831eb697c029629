/** The dashboard's team search (docs/product.md#screens): case, accents and the clubs' nicknames. */
import { matchesTeamSearch, searchTerms } from '../../src/shared/team-search';

describe('matchesTeamSearch', () => {
  it.each([
    ['Spurs', 'Tottenham Hotspur vs Arsenal'],
    ['spurs', 'Chelsea vs Tottenham'],
    ['Man Utd', 'Manchester United vs Liverpool'],
    ['  man   utd ', 'Manchester United vs Liverpool'],
    ['Barca', 'Barcelona vs Real Madrid'],
    ['Barça', 'Barcelona vs Real Madrid'],
    ['Atleti', 'Atlético Madrid vs Sevilla'],
    ['juve', 'Juventus vs Roma'],
    ['BVB', 'Borussia Dortmund vs Bayern Munich'],
    ['Gladbach', 'Borussia Mönchengladbach vs Mainz 05'],
    ['atletico', 'Atlético Madrid vs Sevilla'],
    ['ARSENAL', 'Tottenham Hotspur vs Arsenal'],
  ])('%p finds %p', (query, name) => expect(matchesTeamSearch(name, query)).toBe(true));

  it.each([
    ['Spurs', 'Arsenal vs Chelsea'],
    ['Man Utd', 'Manchester City vs Liverpool'],
    ['Barca', 'Real Madrid vs Sevilla'],
  ])('%p does not find %p', (query, name) => expect(matchesTeamSearch(name, query)).toBe(false));

  it('matches everything when empty and keeps the typed text as a term', () => {
    expect(matchesTeamSearch('Arsenal vs Chelsea', '   ')).toBe(true);
    expect(searchTerms('Spurs')).toEqual(['spurs', 'tottenham']);
    expect(searchTerms('Lazio')).toEqual(['lazio']);
  });
});
