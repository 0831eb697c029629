import { screen, waitFor, within } from '@testing-library/react';
import type { ValueBetDto } from '../../../src/shared/contract/betting';
import { ValuePage } from '../../../src/client/features/tools/value-page';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn, ok, serverError } from '../dashboard/dashboard-support';

let api: MockApi;
afterEach(() => {
  api?.restore();
  window.localStorage.clear();
});

/** The list's requests (the page also reads the person's bookmakers). */
const listRequests = (mock: MockApi) => mock.requests.filter((r) => r.path.startsWith('/api/odds/'));

function value(overrides: Partial<ValueBetDto> = {}): ValueBetDto {
  return {
    eventId: 'evt_00000000000000aa',
    name: 'Arsenal vs Chelsea',
    date: '2026-11-28T15:00:00Z',
    competitionId: 1,
    marketId: 1,
    selectionTypeId: 1,
    providerId: 2,
    value: 2.3,
    fairValue: 2.2,
    edgePct: 4.55,
    checkPrice: false,
    ...overrides,
  };
}

/** The cards of the value list (the tools navigation is a list too). */
const valueCards = async () =>
  within(await screen.findByRole('region', { name: 'Value bets' })).findAllByRole('listitem');

const renderPage = () =>
  renderWithProviders(<ValuePage pollingIntervalMs={0} />, { preloadedState: loggedIn(), route: '/tools/value' });

describe('value bets page', () => {
  it('lists prices with their fair price and edge in the order served, multiplicative by default', async () => {
    api = mockApi().on('GET /api/odds/value', ok({ values: [value(), value({ selectionTypeId: 3, edgePct: 2 })] }));
    renderPage();
    const items = await valueCards();
    expect(items.map((li) => li.textContent)).toEqual([
      'Arsenal vs ChelseaEdge +4.55%1X2 · Home · BetKingPrice 2.30 · Fair 2.20',
      'Arsenal vs ChelseaEdge +2.00%1X2 · Away · BetKingPrice 2.30 · Fair 2.20',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/match/evt_00000000000000aa');
    expect(screen.getByText('Fair odds by the multiplicative method.')).toBeInTheDocument();
    expect(
      screen.getByText(/The fair odds of a selection are the price with the bookmakers’ margin taken out/),
    ).toBeInTheDocument();
    const query = listRequests(api)[0]!.query;
    expect([query.get('country'), query.get('method'), query.get('min')]).toEqual(['1', 'multiplicative', '2']);
  });

  it('leads with the list: the method menu before it, what fair odds are and each method after it', async () => {
    api = mockApi().on('GET /api/odds/value', ok({ values: [value()] }));
    renderPage();
    const list = await screen.findByRole('region', { name: 'Value bets' });
    await valueCards();
    const about = screen.getByRole('region', { name: 'How fair odds are worked out' });
    const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(screen.getByLabelText('Method'), list)).toBe(true);
    expect(follows(list, about)).toBe(true);
    expect(
      within(about).getByText(/The fair odds of a selection are the price with the bookmakers’ margin/),
    ).toBeVisible();
    expect(
      within(about)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Multiplicative:', 'Additive:', 'Power:', 'Shin:']);
    // The page still ends with the responsible-gambling link, after the explanation.
    expect(follows(about, screen.getByRole('link', { name: 'Bet responsibly: help and limits' }))).toBe(true);
  });

  it('shows the explanation only with the answer, not under the loading state', async () => {
    api = mockApi().on('GET /api/odds/value', () => new Promise(() => undefined));
    renderPage();
    await screen.findByText('Loading…');
    expect(screen.queryByRole('region', { name: 'How fair odds are worked out' })).toBeNull();
  });

  it('marks an implausible edge "check this price", as served (after the plausible ones)', async () => {
    api = mockApi().on(
      'GET /api/odds/value',
      ok({ values: [value(), value({ providerId: 5, value: 3.1, edgePct: 40.91, checkPrice: true })] }),
    );
    renderPage();
    const items = await valueCards();
    expect(within(items[0]!).queryByText('check this price')).toBeNull();
    expect(within(items[1]!).getByText('check this price')).toBeInTheDocument();
    expect(items[1]!.textContent).toBe(
      'Arsenal vs ChelseaEdge +40.91%check this price1X2 · Home · 1XBetPrice 3.10 · Fair 2.20',
    );
  });

  it('asks again with the chosen method and names it', async () => {
    api = mockApi().on('GET /api/odds/value', (r) => ok({ values: r.query.get('method') === 'shin' ? [] : [value()] }));
    const { user } = renderPage();
    await screen.findByText('Edge +4.55%');
    await user.selectOptions(screen.getByLabelText('Method'), 'Shin');
    expect(await screen.findByText(/No price is 2% or more above its fair price/)).toBeInTheDocument();
    expect(screen.getByText('Fair odds by the shin method.')).toBeInTheDocument();
    expect(listRequests(api).map((r) => r.query.get('method'))).toEqual(['multiplicative', 'shin']);
  });

  it('says in one sentence what each method does', async () => {
    api = mockApi().on('GET /api/odds/value', ok({ values: [] }));
    renderPage();
    // Under the answer, an empty one too.
    await screen.findByText(/No price is 2% or more above its fair price/);
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Multiplicative:', 'Additive:', 'Power:', 'Shin:']);
    const definitions = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(definitions).toHaveLength(4);
    expect(definitions[0]).toMatch(/same factor/);
    expect(definitions[3]).toMatch(/bettors who know more/);
  });

  it('shows an error and the responsible-gambling link', async () => {
    api = mockApi().on('GET /api/odds/value', serverError);
    renderPage();
    expect(await screen.findByText('Failed to load value bets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Bet responsibly/ })).toHaveAttribute('href', '/responsible-gambling');
  });

  it('with my bookmakers lists value prices at them only', async () => {
    window.localStorage.setItem('my-books-only:u1', '1');
    api = mockApi()
      .on('GET /api/users/me/books', ok({ books: [2, 5], answered: true }))
      .on('GET /api/odds/value', ok({ values: [value()] }));
    const { user } = renderPage();
    expect(await screen.findByText('Only BetKing, 1XBet.')).toBeInTheDocument();
    await valueCards();
    expect(listRequests(api).map((r) => r.query.get('books'))).toEqual(['2,5']);
    await user.click(screen.getByRole('button', { name: 'All books' }));
    await waitFor(() => expect(listRequests(api).map((r) => r.query.get('books'))).toEqual(['2,5', null]));
  });
});
