import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import configureMockStore from 'redux-mock-store';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { DashboardFilters } from '../../../src/client/features/dashboard/dashboard-filters';
import { oddsSignature } from '../../../src/shared/signature';
import { renderWithProviders } from '../support/render';
import { summary } from '../odds/odds-fixtures';
import { AK, dashboardApi, loggedIn, type DashboardApi, findFilter } from './dashboard-support';

let api: DashboardApi;
afterEach(() => api?.restore());

const paramsOf = (query: URLSearchParams | undefined) => Object.fromEntries(query?.entries() ?? []);

describe('dashboard filters', () => {
  it('preselects the first league and market and loads their odds, signed', async () => {
    api = dashboardApi({ summary: summary({ competitionIds: [3, 1], marketIds: [7, 1] }) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    expect(await findFilter('Select League')).toHaveDisplayValue('Serie A');
    expect(screen.getByRole('combobox', { name: 'Select Market' })).toHaveDisplayValue('BTTS · Both teams to score');
    expect(screen.getByRole('img', { name: 'ITA flag' })).toBeInTheDocument();
    await waitFor(() => expect(api.oddsRequests()).toHaveLength(1));
    expect(paramsOf(api.oddsRequests()[0])).toEqual({
      country: '1',
      competition: '3',
      market: '7',
      k: oddsSignature(AK, 1, 3, 7),
    });
    const request = api.requests.find((r) => r.path === '/api/odds');
    expect(request?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('refetches with the new, re-signed params when the league or market changes', async () => {
    api = dashboardApi();
    const { user, store } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await screen.findByText('Liverpool vs Everton');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Select League' }), 'Bundesliga');
    await waitFor(() => expect(api.oddsRequests()).toHaveLength(2));
    expect(paramsOf(api.oddsRequests()[1])).toEqual({
      country: '1',
      competition: '4',
      market: '1',
      k: oddsSignature(AK, 1, 4, 1),
    });
    expect(screen.getByRole('img', { name: 'DE flag' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Select Market' }), 'OU3.5 · Over/Under 3.5 goals');
    await waitFor(() => expect(api.oddsRequests()).toHaveLength(3));
    expect(paramsOf(api.oddsRequests()[2])).toEqual({
      country: '1',
      competition: '4',
      market: '5',
      k: oddsSignature(AK, 1, 4, 5),
    });
    expect(store.getState().dashboard).toEqual({ competitionId: 4, marketId: 5 });
  });

  it('keeps the chosen pair when the summary reloads and still offers it', async () => {
    api = dashboardApi();
    const { user, store } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await user.selectOptions(await findFilter('Select League'), 'La Liga');
    const { oddsApi } = await import('../../../src/client/features/dashboard/odds.api');
    await store.dispatch(oddsApi.endpoints.getSummary.initiate(1, { forceRefetch: true }));
    expect(store.getState().dashboard.competitionId).toBe(2);
  });

  it('dispatches selection events, not setters', async () => {
    api = dashboardApi();
    const { store, unmount } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await findFilter('Select League');
    unmount();
    const mockStore = configureMockStore()(store.getState());
    const user = userEvent.setup();
    render(
      // The picks also go into the address: the filters sit under a router, as in the app.
      <Provider store={mockStore}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <DashboardFilters />
        </MemoryRouter>
      </Provider>,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select League' }), 'La Liga');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select Market' }), 'DC · Double chance');
    expect(mockStore.getActions()).toEqual([
      { type: 'dashboard/competitionSelected', payload: 2 },
      { type: 'dashboard/marketSelected', payload: 8 },
    ]);
  });
});
