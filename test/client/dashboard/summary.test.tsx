import { screen, waitFor, within } from '@testing-library/react';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { renderWithProviders } from '../support/render';
import { summary } from '../odds/odds-fixtures';
import { dashboardApi, loggedIn, serverError, type DashboardApi, findFilter } from './dashboard-support';

let api: DashboardApi;
afterEach(() => api?.restore());

/** The value shown under a summary label. */
function counter(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('dashboard summary bar', () => {
  it('shows Games, Betting Sites, Markets and Odds with Nigerian separators', async () => {
    api = dashboardApi({
      summary: summary({ numEvents: 1280, numBookmakers: 5, marketIds: [1, 2, 3, 7, 8], numOdds: 1234567 }),
    });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await waitFor(() => expect(counter('Odds')).toBe('1,234,567'));
    expect(counter('Games')).toBe('1,280');
    expect(counter('Betting Sites')).toBe('5');
    expect(counter('Markets')).toBe('5');
    expect(api.requests[0]?.path).toBe('/api/odds/summary');
    expect(api.requests[0]?.query.get('country')).toBe('1');
  });

  it('shows a loading placeholder, not numbers, while the summary loads', async () => {
    api = dashboardApi();
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    expect(screen.getByText('Games', { selector: 'dt' }).closest('dl')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // The filters and the margin legend are already there, so nothing moves when the summary lands.
    expect(screen.getByRole('combobox', { name: 'Select League' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Select Market' })).toBeDisabled();
    expect(screen.getByText('Ov is the bookmaker margin:')).toBeInTheDocument();
    await findFilter('Select League');
  });

  it.each([
    ['a server error', serverError, 'INTERNAL_ERROR'],
    ['no connection', 'network-error' as const, 'NETWORK_ERROR'],
  ])('on %s: every counter is -, an alert replaces the filters, no odds are asked', async (_, reply, code) => {
    api = dashboardApi({ summary: reply });
    const { store } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to load summary data$/);
    expect(alert).toHaveClass('alert-danger');
    for (const label of ['Games', 'Betting Sites', 'Markets', 'Odds']) expect(counter(label)).toBe('-');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Select League')).not.toBeInTheDocument();
    expect(selectErrorFor(store.getState(), 'summary')).toMatchObject({
      code,
      message: 'Failed to load summary data',
    });
    expect(api.oddsRequests()).toHaveLength(0);
  });

  it('offers the leagues and markets of the summary, with fallback names for unknown ids', async () => {
    api = dashboardApi({ summary: summary({ competitionIds: [2, 4, 7], marketIds: [4, 8, 99] }) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    const league = await findFilter('Select League');
    const market = screen.getByRole('combobox', { name: 'Select Market' });
    expect(
      within(league)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['La Liga', 'Bundesliga', 'Competition 7']);
    expect(
      within(market)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['OU2.5 · Over/Under 2.5 goals', 'DC · Double chance', 'Market 99']);
    expect(screen.getByRole('img', { name: 'ESP flag' })).toBeInTheDocument();
  });
});
