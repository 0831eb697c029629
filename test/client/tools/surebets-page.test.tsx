import { screen, waitFor, within } from '@testing-library/react';
import type { SurebetDto } from '../../../src/shared/contract/betting';
import { SurebetsPage } from '../../../src/client/features/tools/surebets-page';
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

function surebet(overrides: Partial<SurebetDto> = {}): SurebetDto {
  return {
    eventId: 'evt_00000000000000aa',
    name: 'Arsenal vs Chelsea',
    date: '2026-11-28T15:00:00Z',
    competitionId: 1,
    marketId: 1,
    profitPct: 7.43,
    legs: [
      { selectionTypeId: 1, providerId: 1, value: 3.1 },
      { selectionTypeId: 2, providerId: 2, value: 3.5 },
      { selectionTypeId: 3, providerId: 3, value: 3.1 },
    ],
    ...overrides,
  };
}

const thin = surebet({
  eventId: 'evt_00000000000000bb',
  name: 'Lazio vs Roma',
  marketId: 7,
  profitPct: 0.5,
  legs: [
    { selectionTypeId: 14, providerId: 4, value: 2.02 },
    { selectionTypeId: 15, providerId: 5, value: 2.0 },
  ],
});

const renderPage = () =>
  renderWithProviders(<SurebetsPage pollingIntervalMs={0} timeZone="Africa/Lagos" />, {
    preloadedState: loggedIn(),
    route: '/tools/surebets',
  });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

describe('sure bets page', () => {
  it('lists sure bets with match link, market, profit and legs, and splits ₦10,000 in whole Naira', async () => {
    api = mockApi().on('GET /api/odds/surebets', ok({ surebets: [surebet(), thin] }));
    renderPage();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      '/match/evt_00000000000000aa',
    );
    expect(within(first).getByText('Profit 7.43%')).toBeInTheDocument();
    expect(within(first).getByText(/^1X2 ·/)).toBeInTheDocument();
    const [legs, split] = within(first).getAllByRole('table');
    expect(rowsOf(legs!)).toEqual([
      ['Home', 'Bet9Ja', '3.10'],
      ['Draw', 'BetKing', '3.50'],
      ['Away', 'SportyBet', '3.10'],
    ]);
    expect(within(first).getByLabelText('Total stake (₦)')).toHaveValue('10000');
    // One calculator per card, each a named group of its card, none a landmark of its own.
    expect(within(first).getByRole('group', { name: 'Stake calculator' })).toContainElement(
      within(first).getByLabelText('Total stake (₦)'),
    );
    expect(screen.queryAllByRole('region', { name: 'Stake calculator' })).toHaveLength(0);
    expect(rowsOf(split!)).toEqual([
      ['Home', '₦3,465', '₦10,741.50'],
      ['Draw', '₦3,069', '₦10,741.50'],
      ['Away', '₦3,466', '₦10,744.60'],
    ]);
    expect(within(first).getByText(/at least ₦741.50 profit/)).toBeInTheDocument();
    expect(within(first).getByText('Minimum stakes: Bet9Ja ₦100, BetKing ₦100, SportyBet ₦100.')).toBeInTheDocument();
    const query = listRequests(api)[0]!.query;
    expect([query.get('country'), query.get('boosts')]).toEqual(['1', '0']);
    expect(listRequests(api)[0]!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('warns when rounding breaks the guarantee and when a stake is under the book minimum', async () => {
    api = mockApi().on('GET /api/odds/surebets', ok({ surebets: [thin] }));
    const { user } = renderPage();
    const card = await screen.findByRole('article');
    const input = within(card).getByLabelText('Total stake (₦)');
    await user.clear(input);
    await user.type(input, '101');
    // 101 · (1/2.02) / A = 50.25 → ₦50 at 2.02 returns exactly ₦101.00: not more than the stake.
    expect(rowsOf(within(card).getAllByRole('table')[1]!)).toEqual([
      [expect.stringMatching(/^Yes.*minimum stake of ₦100/), '₦50', '₦101.00'],
      [expect.stringMatching(/^No.*minimum stake of ₦100/), '₦51', '₦102.00'],
    ]);
    expect(within(card).getByText(/Rounding to whole Naira breaks the guarantee/)).toBeInTheDocument();
    expect(
      within(card).getByText(/Smallest total that meets every minimum stake and still profits: ₦201/),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '12.5');
    expect(within(card).getByText('Enter a whole number of Naira above 0.')).toBeInTheDocument();
  });

  it('asks for boosted prices when ticked', async () => {
    api = mockApi().on('GET /api/odds/surebets', (r) =>
      ok({ surebets: r.query.get('boosts') === '1' ? [surebet()] : [] }),
    );
    const { user } = renderPage();
    expect(await screen.findByText(/No sure bets right now/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Include boosted prices' }));
    expect(await screen.findByText('Profit 7.43%')).toBeInTheDocument();
    expect(listRequests(api).map((r) => r.query.get('boosts'))).toEqual(['0', '1']);
  });

  it('with my bookmakers asks for sure bets among them only, and among every book on "All books"', async () => {
    api = mockApi()
      .on('GET /api/users/me/books', ok({ books: [1, 3], answered: true }))
      .on('GET /api/odds/surebets', ok({ surebets: [surebet()] }));
    const { user } = renderPage();
    expect(await screen.findByText('Only Bet9Ja, SportyBet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'My books only' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(listRequests(api).map((r) => r.query.get('books'))).toEqual(['1,3']));
    await user.click(screen.getByRole('button', { name: 'All books' }));
    await waitFor(() => expect(listRequests(api).map((r) => r.query.get('books'))).toEqual(['1,3', null]));
    expect(screen.queryByText(/^Only /)).toBeNull();
    expect(screen.getByRole('button', { name: 'All books' })).toHaveAttribute('aria-pressed', 'true');
    // Kept for this person on this device.
    expect(window.localStorage.getItem('my-books-only:u1')).toBe('0');
  });

  it('shows no toggle and asks for every book while none are chosen', async () => {
    api = mockApi()
      .on('GET /api/users/me/books', ok({ books: [], answered: true }))
      .on('GET /api/odds/surebets', ok({ surebets: [surebet()] }));
    renderPage();
    expect(await screen.findByText('Profit 7.43%')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Which books count for the best price' })).toBeNull();
    expect(listRequests(api).map((r) => r.query.has('books'))).toEqual([false]);
  });

  it('shows loading, then an error, and links to responsible gambling', async () => {
    api = mockApi().on('GET /api/odds/surebets', serverError);
    renderPage();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    // The link comes with the answer: under the loading state, the arriving list would push it down.
    expect(screen.queryByRole('link', { name: /Bet responsibly/ })).toBeNull();
    expect(await screen.findByText('Failed to load sure bets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Bet responsibly/ })).toHaveAttribute('href', '/responsible-gambling');
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
  });
});
