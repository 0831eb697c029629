import { act, screen, waitFor } from '@testing-library/react';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { renderWithProviders } from '../support/render';
import { oddsEvent, summary } from '../odds/odds-fixtures';
import { dashboardApi, jwtWith, loggedIn, ok, serverError, type DashboardApi, findFilter } from './dashboard-support';
import type { MockReply } from '../support/mock-api';

let api: DashboardApi;
afterEach(() => api?.restore());

describe('dashboard odds area', () => {
  it('asks for no odds before the summary has arrived', async () => {
    let answer: (reply: MockReply) => void = () => {};
    api = dashboardApi({ summary: () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await waitFor(() => expect(api.requests.filter((r) => r.path === '/api/odds/summary')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(api.oddsRequests()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer(ok(summary()));
    expect(await screen.findByText('Arsenal vs Chelsea')).toBeInTheDocument();
    expect(api.oddsRequests()).toHaveLength(1);
  });

  it('shows the book key with the answer, never under the loading state (the list would push it down)', async () => {
    let answer: (reply: MockReply) => void = () => {};
    api = dashboardApi({ odds: () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await waitFor(() => expect(api.oddsRequests()).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText(/^Bookmakers:/)).not.toBeInTheDocument();
    answer(ok({ events: [oddsEvent()], source: 'demo' }));
    const card = await screen.findByRole('heading', { name: 'Arsenal vs Chelsea' });
    const key = screen.getByText(/^Bookmakers:/);
    // Under the list: the card comes before it in the page.
    expect(card.compareDocumentPosition(key) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("never shows another league's cards: the loading state shows until the new league's list", async () => {
    let answerLaLiga: (reply: MockReply) => void = () => {};
    api = dashboardApi({
      odds: (request) =>
        request.query.get('competition') === '2'
          ? new Promise<MockReply>((resolve) => (answerLaLiga = resolve))
          : ok({ events: [oddsEvent()], source: 'demo' }),
    });
    const { user } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    expect(await screen.findByText('Arsenal vs Chelsea')).toBeInTheDocument();
    await user.selectOptions(await findFilter('Select League'), 'La Liga');
    await waitFor(() => expect(api.oddsRequests().map((q) => q.get('competition'))).toEqual(['1', '2']));
    expect(screen.queryByText('Arsenal vs Chelsea')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answerLaLiga(ok({ events: [oddsEvent({ name: 'Sevilla vs Valencia', competitionId: 2 })], source: 'demo' }));
    expect(await screen.findByText('Sevilla vs Valencia')).toBeInTheDocument();
  });

  it('asks for no odds when the summary offers no league or no market', async () => {
    api = dashboardApi({ summary: summary({ competitionIds: [], marketIds: [1] }) });
    const { store } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await findFilter('Select League');
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(api.oddsRequests()).toHaveLength(0);
    expect(store.getState().dashboard).toEqual({ competitionId: null, marketId: 1 });
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('lists match cards with their tables and the demo-data label', async () => {
    api = dashboardApi();
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    expect(await screen.findByRole('heading', { name: 'Arsenal vs Chelsea' })).toBeInTheDocument();
    // One card per match (each card's best-price lines are a list of their own).
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(screen.getAllByRole('table')).toHaveLength(2);
    expect(screen.getByText('Demo data')).toBeInTheDocument();
  });

  it('shows no demo label for live data', async () => {
    api = dashboardApi({ odds: ok({ events: [], source: 'live' }) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await screen.findByText('No matches found for the selected league and market.');
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
  });

  it.each([
    [{ events: [], source: 'demo' }, 'No matches found for the selected league and market.'],
    [{ source: 'demo' }, 'No odds data available for the selected combination.'],
    [undefined, 'No odds data available for the selected combination.'],
  ])('for %j shows %s', async (data, message) => {
    api = dashboardApi({ odds: data === undefined ? { body: {} } : ok(data) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    const info = await screen.findByText(message);
    expect(info).toHaveClass('alert-info');
    expect(info).toHaveTextContent(new RegExp(`^${message.replace(/\./g, '\\.')}$`));
  });

  it.each([
    ['a server error', serverError, 'INTERNAL_ERROR'],
    [
      'a bad signature',
      { status: 403, body: { error: { code: 'INVALID_SIGNATURE', description: 'x', type: 'auth' } } },
      'INVALID_SIGNATURE',
    ],
    ['no connection', 'network-error' as const, 'NETWORK_ERROR'],
  ])('on %s shows the odds error, records it, and clears the odds', async (_, reply, code) => {
    let fail = false;
    api = dashboardApi();
    api.on('GET /api/odds', () =>
      fail
        ? (reply as MockReply)
        : ok({
            events: [{ id: 'e', name: 'A vs B', date: '2026-11-28T15:00:00Z', competitionId: 1, markets: [] }],
            source: 'demo',
          }),
    );
    const { user, store } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await screen.findByText('A vs B');
    fail = true;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select Market' }), 'BTTS · Both teams to score');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to load odds data$/);
    expect(alert).toHaveClass('alert-danger');
    expect(screen.queryByText('A vs B')).not.toBeInTheDocument();
    // Recorded once the alert rendered (an effect of that render): waited for, as it may come a turn later.
    await waitFor(() =>
      expect(selectErrorFor(store.getState(), 'odds')).toMatchObject({ code, message: 'Failed to load odds data' }),
    );
  });

  it.each([
    ['there is no session', {}, 'AUTH_TOKEN_NOT_FOUND', 'Authentication token not found'],
    [
      'the token has no ak claim',
      loggedIn(jwtWith({ username: 'ada' })),
      'AK_CLAIM_MISSING',
      'Unable to extract ak claim from token',
    ],
  ])('fails locally when %s, without calling the server', async (_, preloadedState, code, detail) => {
    api = dashboardApi();
    const { store } = renderWithProviders(<DashboardPage />, { preloadedState });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load odds data');
    expect(alert).toHaveTextContent(detail);
    expect(api.oddsRequests()).toHaveLength(0);
    await waitFor(() => expect(selectErrorFor(store.getState(), 'odds')).toMatchObject({ code }));
  });
});
