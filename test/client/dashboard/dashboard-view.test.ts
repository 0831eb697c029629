import { dashboardSearch, onDay, parseDashboardView } from '../../../src/client/features/dashboard/dashboard-view';
import { filterEvents } from '../../../src/client/features/dashboard/team-search-filter';
import { oddsEvent } from '../odds/odds-fixtures';

describe('the dashboard view in its address', () => {
  it('reads league, market, day and search, and writes them back', () => {
    const view = parseDashboardView('?league=3&market=7&day=weekend&q=Real%20Madrid');
    expect(view).toEqual({ league: 3, market: 7, day: 'weekend', q: 'Real Madrid' });
    expect(dashboardSearch(view)).toBe('?league=3&market=7&day=weekend&q=Real+Madrid');
    expect(parseDashboardView(dashboardSearch(view))).toEqual(view);
  });

  it.each(['?league=abc&market=-1&day=yesterday', '?league=1234567&market=1.5&day=', ''])(
    'reads malformed or missing values as not given: %s',
    (search) => {
      expect(parseDashboardView(search)).toEqual({ league: null, market: null, day: null, q: '' });
    },
  );

  it('leaves out what is not set', () => {
    expect(dashboardSearch({ league: 1, market: 1, day: null, q: '  ' })).toBe('?league=1&market=1');
    expect(dashboardSearch({ league: null, market: null, day: null, q: '' })).toBe('');
  });

  it('keeps the parameters the view does not own, such as My teams', () => {
    expect(dashboardSearch({ league: 2, market: 1, day: null, q: '' }, '?mine=1&league=1&day=today')).toBe(
      '?mine=1&league=2&market=1',
    );
  });
});

describe('day and team filters', () => {
  // A Wednesday afternoon, in the runtime's zone (jest runs in UTC).
  const wednesday = new Date(2026, 10, 25, 15, 0);
  const at = (day: number, hour = 15) => new Date(2026, 10, day, hour, 0).toISOString();

  it.each([
    ['today', at(25, 20), true],
    ['today', at(26, 0), false],
    ['tomorrow', at(26, 12), true],
    ['tomorrow', at(27, 12), false],
    ['weekend', at(27, 20), false],
    ['weekend', at(28, 12), true],
    ['weekend', at(29, 18), true],
    ['weekend', at(30, 18), false],
  ] as const)('%s holds %s: %s', (day, date, expected) => {
    expect(onDay(date, day, wednesday)).toBe(expected);
  });

  it('on a Sunday the weekend is today only, on a Saturday today and tomorrow', () => {
    const sunday = new Date(2026, 10, 29, 10, 0);
    expect(onDay(at(29), 'weekend', sunday)).toBe(true);
    expect(onDay(at(30), 'weekend', sunday)).toBe(false);
    const saturday = new Date(2026, 10, 28, 10, 0);
    expect(onDay(at(28), 'weekend', saturday)).toBe(true);
    expect(onDay(at(29), 'weekend', saturday)).toBe(true);
  });

  it('finds a team in the match name, ignoring case and accents, on the chosen day', () => {
    const events = [
      oddsEvent({ name: 'Atlético Madrid vs Sevilla', date: at(25, 20) }),
      oddsEvent({ name: 'Arsenal vs Chelsea', date: at(28) }),
      oddsEvent({ name: 'Chelsea vs Spurs', date: at(25, 18) }),
    ];
    const names = (day: 'today' | null, q: string) => filterEvents(events, { day, q }, wednesday).map((e) => e.name);
    expect(names(null, 'atletico')).toEqual(['Atlético Madrid vs Sevilla']);
    expect(names(null, 'CHELSEA')).toEqual(['Arsenal vs Chelsea', 'Chelsea vs Spurs']);
    expect(names('today', 'chelsea')).toEqual(['Chelsea vs Spurs']);
    expect(filterEvents(events, { day: null, q: '' }, wednesday)).toBe(events);
  });
});
