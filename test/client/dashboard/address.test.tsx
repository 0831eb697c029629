import { act, screen, waitFor, within } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { renderWithProviders } from '../support/render';
import { oddsEvent, summary } from '../odds/odds-fixtures';
import { dashboardApi, loggedIn, ok, type DashboardApi, findFilter } from './dashboard-support';

let api: DashboardApi;
afterEach(() => api?.restore());

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

const address = () => screen.getByTestId('address').textContent;
const cardNames = () =>
  within(screen.getByRole('region', { name: 'Matches' }))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

function renderAt(search: string) {
  return renderWithProviders(
    <>
      <DashboardPage />
      <Address />
    </>,
    { preloadedState: loggedIn(), route: `/dashboard${search}` },
  );
}

describe('the dashboard view in the address', () => {
  it('a shared link restores league and market, and asks for their odds', async () => {
    api = dashboardApi();
    renderAt('?league=3&market=7');
    expect(await findFilter('Select League')).toHaveDisplayValue('Serie A');
    expect(screen.getByRole('combobox', { name: 'Select Market' })).toHaveDisplayValue('BTTS · Both teams to score');
    await waitFor(() => expect(api.oddsRequests()).toHaveLength(1));
    expect(api.oddsRequests()[0]?.get('competition')).toBe('3');
    expect(api.oddsRequests()[0]?.get('market')).toBe('7');
    expect(address()).toBe('?league=3&market=7');
  });

  it('unknown values fall back to the first league and market, and the address says so', async () => {
    api = dashboardApi();
    renderAt('?league=99&market=abc&day=someday');
    expect(await findFilter('Select League')).toHaveDisplayValue('Premier League');
    expect(screen.getByRole('combobox', { name: 'Select Market' })).toHaveDisplayValue('1X2 · Match result');
    await waitFor(() => expect(address()).toBe('?league=1&market=1'));
    expect(api.oddsRequests().map((q) => q.get('competition'))).toEqual(['1']);
  });

  it('a new pick goes into the address', async () => {
    api = dashboardApi();
    const { user } = renderAt('');
    await waitFor(() => expect(address()).toBe('?league=1&market=1'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select League' }), 'La Liga');
    await waitFor(() => expect(address()).toBe('?league=2&market=1'));
  });

  it('day chips and the team search narrow the cards as you tap and type, in the address too', async () => {
    const now = new Date();
    const inDays = (days: number) =>
      new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 12, 0).toISOString();
    const premierLeague = [
      oddsEvent({ id: 'evt_1', name: 'Arsenal vs Chelsea', date: inDays(0) }),
      oddsEvent({ id: 'evt_2', name: 'Liverpool vs Everton', date: inDays(1) }),
      oddsEvent({ id: 'evt_3', name: 'Chelsea vs Spurs', date: inDays(1) }),
    ];
    // Each league lists its own matches (a team search asks all four).
    api = dashboardApi({
      odds: (request) => ok({ events: request.query.get('competition') === '1' ? premierLeague : [], source: 'demo' }),
    });
    const { user } = renderAt('?league=1&market=1&q=chel');
    await screen.findByRole('heading', { name: 'Arsenal vs Chelsea' });
    expect(screen.getByRole('searchbox', { name: 'Search team' })).toHaveValue('chel');
    expect(cardNames()).toEqual(['Arsenal vs Chelsea', 'Chelsea vs Spurs']);

    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(screen.getByRole('button', { name: 'Tomorrow' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Chelsea vs Spurs']);
    expect(address()).toBe('?league=1&market=1&day=tomorrow&q=chel');

    const search = screen.getByRole('searchbox', { name: 'Search team' });
    await user.clear(search);
    await user.type(search, 'zz');
    expect(await screen.findByText('No matches for this day or team.')).toBeInTheDocument();
    await user.clear(search);
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(cardNames()).toEqual(['Arsenal vs Chelsea', 'Liverpool vs Everton', 'Chelsea vs Spurs']);
    expect(address()).toBe('?league=1&market=1');
  });

  it('a tap to another page while the summary loads is not taken back by the address rewrite', async () => {
    // The next page loads in a transition (the dashboard stays shown meanwhile) and the summary
    // arrives before it: the dashboard must not write its view over the address the tap made.
    let summaryArrives!: () => void;
    const summaryHeld = new Promise<void>((resolve) => (summaryArrives = resolve));
    let pageLoaded!: () => void;
    const pageHeld = new Promise<void>((resolve) => (pageLoaded = resolve));
    const Profile = lazy(() => pageHeld.then(() => ({ default: () => <p>The profile page</p> })));
    api = dashboardApi({ summary: () => summaryHeld.then(() => ok(summary())) });
    const { user } = renderWithProviders(
      <>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/profile" element={<Profile />} />
          </Routes>
        </Suspense>
        <Link to="/profile">Profile</Link>
        <Address />
      </>,
      // The browser's own history: the tap moves the address bar at once, as in the app.
      { preloadedState: loggedIn(), route: '/dashboard', browserHistory: true },
    );
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    await act(async () => summaryArrives());
    expect(await findFilter('Select League')).toHaveDisplayValue('Premier League');
    await act(async () => pageLoaded());
    expect(await screen.findByText('The profile page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');
    window.history.replaceState(null, '', '/');
  });
});
