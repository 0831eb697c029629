import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { RouteEffects } from '../../../src/client/app/route-effects';
import { setupStore, type AppStore } from '../../../src/client/app/store';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { competitionSelected, marketSelected } from '../../../src/client/features/dashboard/dashboard.slice';
import { dashboardApi, findFilter, loggedIn, type DashboardApi } from './dashboard-support';

let api: DashboardApi;
beforeEach(() => {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  api?.restore();
  jest.restoreAllMocks();
});

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Forward
      </button>
    </>
  );
}

/** The dashboard under the app's route effects (the store hears each location), at a history. */
function renderHistory(entries: string[], index = entries.length - 1, store: AppStore = setupStore(loggedIn())) {
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={entries} initialIndex={index}>
        <RouteEffects />
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="*" element={<p>Another page</p>} />
        </Routes>
        <HistoryButtons />
        <Link to="/dashboard">Dashboard</Link>
        <Link to="/dashboard?league=3&market=7">A shared link</Link>
        <Address />
      </MemoryRouter>
    </Provider>,
  );
  return { user, store };
}

const address = () => screen.getByTestId('address').textContent;
const league = () => screen.getByRole('combobox', { name: 'Select League' });
const market = () => screen.getByRole('combobox', { name: 'Select Market' });
const lastOdds = () => {
  const last = api.oddsRequests().at(-1);
  return [last?.get('competition'), last?.get('market')];
};

describe('the address is the dashboard view’s one source', () => {
  it('back and forward show the league and market of each history entry, and ask for their odds', async () => {
    api = dashboardApi();
    const { user } = renderHistory(['/dashboard?league=3&market=7', '/dashboard?league=2&market=8']);
    expect(await findFilter('Select League')).toHaveDisplayValue('La Liga');
    expect(market()).toHaveDisplayValue('DC · Double chance');
    await waitFor(() => expect(lastOdds()).toEqual(['2', '8']));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(league()).toHaveDisplayValue('Serie A');
    expect(market()).toHaveDisplayValue('BTTS · Both teams to score');
    expect(address()).toBe('/dashboard?league=3&market=7');
    await waitFor(() => expect(lastOdds()).toEqual(['3', '7']));

    await user.click(screen.getByRole('button', { name: 'Forward' }));
    expect(league()).toHaveDisplayValue('La Liga');
    expect(address()).toBe('/dashboard?league=2&market=8');
    // Its answer is still cached: shown again without a request.
    expect(await screen.findByRole('heading', { name: 'Liverpool vs Everton' })).toBeInTheDocument();
    expect(api.oddsRequests().map((q) => q.get('competition'))).toEqual(['2', '3']);
  });

  it('a pick replaces the history entry: back leaves the dashboard rather than undoing the pick', async () => {
    api = dashboardApi();
    const { user } = renderHistory(['/help', '/dashboard?league=1&market=1']);
    await user.selectOptions(await findFilter('Select League'), 'Bundesliga');
    expect(address()).toBe('/dashboard?league=4&market=1');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(address()).toBe('/help');
    expect(screen.getByText('Another page')).toBeInTheDocument();
  });

  it('a reload shows what the address names, whatever the last pick was', async () => {
    api = dashboardApi();
    // The same store after picks of another league and market: the address still decides.
    const store = setupStore(loggedIn());
    store.dispatch(competitionSelected(4));
    store.dispatch(marketSelected(2));
    renderHistory(['/dashboard?league=2&market=8'], 0, store);
    expect(await findFilter('Select League')).toHaveDisplayValue('La Liga');
    expect(market()).toHaveDisplayValue('DC · Double chance');
    await waitFor(() => expect(lastOdds()).toEqual(['2', '8']));
    expect(api.oddsRequests().map((q) => q.get('competition'))).toEqual(['2']);
    expect(address()).toBe('/dashboard?league=2&market=8');
  });

  it('a shared link opened in the app shows its view, and the dashboard remembers it', async () => {
    api = dashboardApi();
    const { user, store } = renderHistory(['/dashboard']);
    // A bare address is completed with what is shown: the first league and market.
    await waitFor(() => expect(address()).toBe('/dashboard?league=1&market=1'));
    await user.click(screen.getByRole('link', { name: 'A shared link' }));
    expect(league()).toHaveDisplayValue('Serie A');
    expect(market()).toHaveDisplayValue('BTTS · Both teams to score');
    await waitFor(() => expect(lastOdds()).toEqual(['3', '7']));
    // The slice follows the address: a plain /dashboard (the bottom bar) opens the same view.
    expect(store.getState().dashboard).toEqual({ competitionId: 3, marketId: 7 });
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(address()).toBe('/dashboard?league=3&market=7'));
    expect(league()).toHaveDisplayValue('Serie A');
  });
});
