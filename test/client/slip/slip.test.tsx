import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { MatchPage } from '../../../src/client/features/match/match-page';
import { SlipPanel } from '../../../src/client/features/slip/slip-panel';
import { SlipSharePage } from '../../../src/client/features/slip/slip-share-page';
import { parseSlipLink, slipLink } from '../../../src/client/features/slip/slip-link';
import { registerSlipStorage } from '../../../src/client/app/slip-storage';
import { setupStore } from '../../../src/client/app/store';
import { selectSlipLegs, SLIP_STORAGE_KEY, type SlipLeg } from '../../../src/client/lib/slip.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { dashboardApi, loggedIn, ok } from '../dashboard/dashboard-support';
import { market, oddsEvent, providerRow } from '../odds/odds-fixtures';
import { EVENT_ID, eventDetail, history } from '../match/match-support';

// The dashboard journey renders two full match cards several times over.
jest.setTimeout(20_000);

let api: MockApi;
const unregister = registerSlipStorage();
afterAll(() => unregister());
afterEach(() => {
  api?.restore();
  localStorage.clear();
});

const leg = (overrides: Partial<SlipLeg> = {}): SlipLeg => ({
  eventId: 'evt_a',
  name: 'Arsenal vs Chelsea',
  marketId: 1,
  selectionTypeId: 1,
  providerId: 1,
  value: 2.1,
  ...overrides,
});

describe('bet slip from the dashboard', () => {
  it('adds a leg per match, replaces it on a second tap, removes it on the chosen price, and persists', async () => {
    api = dashboardApi();
    const { store, user } = renderWithProviders(<DashboardPage pollingIntervalMs={0} />, {
      preloadedState: loggedIn(),
    });
    const homeBet9ja = (await screen.findAllByRole('button', { name: /Bet9Ja Home bet slip/ }))[0]!;
    expect(homeBet9ja).toHaveAttribute('aria-pressed', 'false');
    await user.click(homeBet9ja);
    expect(homeBet9ja).toHaveAttribute('aria-pressed', 'true');
    expect(selectSlipLegs(store.getState())).toMatchObject([
      { name: 'Arsenal vs Chelsea', selectionTypeId: 1, providerId: 1, value: 2.1 },
    ]);
    // Another price of the same match replaces the leg.
    const drawBetKing = screen.getAllByRole('button', { name: /BetKing Draw bet slip/ })[0]!;
    await user.click(drawBetKing);
    expect(homeBet9ja).toHaveAttribute('aria-pressed', 'false');
    expect(drawBetKing).toHaveAttribute('aria-pressed', 'true');
    expect(selectSlipLegs(store.getState())).toMatchObject([{ selectionTypeId: 2, providerId: 2, value: 3.5 }]);
    // A price of the second match adds a second leg.
    await user.click(screen.getAllByRole('button', { name: /Bet9Ja Away bet slip/ })[1]!);
    expect(selectSlipLegs(store.getState()).map((l) => l.name)).toEqual(['Arsenal vs Chelsea', 'Liverpool vs Everton']);
    expect(JSON.parse(localStorage.getItem(SLIP_STORAGE_KEY)!)).toHaveLength(2);
    // The chosen price again removes its leg.
    await user.click(drawBetKing);
    expect(drawBetKing).toHaveAttribute('aria-pressed', 'false');
    expect(selectSlipLegs(store.getState()).map((l) => l.name)).toEqual(['Liverpool vs Everton']);
    // A fresh store (a reload) reads the stored legs.
    expect(selectSlipLegs(setupStore().getState())).toEqual(selectSlipLegs(store.getState()));
  });
});

describe('the slip panel', () => {
  function details(id: string, name: string, rows: Array<[number, number | null]>) {
    return ok({
      event: oddsEvent({
        id,
        name,
        markets: [
          market(
            1,
            rows.map(([p, v]) =>
              providerRow(p, 5, [
                [1, v],
                [2, 3],
                [3, 3],
              ]),
            ),
          ),
        ],
      }),
      opening: [],
    });
  }

  it('compares the accumulator at every book pricing all legs, highlights the best and marks moved prices', async () => {
    api = mockApi()
      // Leg 1 was added at Bet9Ja 2.10; it is 2.00 now.
      .on(
        'GET /api/odds/event/evt_a',
        details('evt_a', 'Arsenal vs Chelsea', [
          [1, 2.0],
          [2, 2.2],
          [3, 2.1],
        ]),
      )
      .on(
        'GET /api/odds/event/evt_b',
        details('evt_b', 'Lazio vs Roma', [
          [1, 1.5],
          [2, 1.4],
          [3, null],
        ]),
      );
    const store = setupStore({
      ...loggedIn(),
      slip: {
        legs: [leg(), leg({ eventId: 'evt_b', name: 'Lazio vs Roma', value: 1.5 })],
        open: true,
        lastAdded: null,
      },
    });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    const table = await within(panel).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    // Independent arithmetic: Bet9Ja 2.0 × 1.5 = 3.00, BetKing 2.2 × 1.4 = 3.08; SportyBet misses leg 2.
    expect(rows).toEqual([
      ['BetKingBest', '3.08', '₦3,080.00'],
      ['Bet9Ja', '3.00', '₦3,000.00'],
    ]);
    expect(within(table).getByText('BetKing').closest('tr')).toHaveClass('table-success');
    expect(within(panel).getByText('BetKing pays ₦80.00 (2.67%) more than Bet9Ja.')).toBeInTheDocument();
    expect(within(panel).getByText('Not every leg is priced at: SportyBet.')).toBeInTheDocument();
    expect(within(panel).getByText('Price moved 2.10 → 2.00')).toBeInTheDocument();
    expect(within(panel).getAllByText(/Price moved/)).toHaveLength(1);
    const stake = within(panel).getByLabelText('Stake (₦)');
    await user.clear(stake);
    await user.type(stake, '250');
    expect(within(table).getByText('₦770.00')).toBeInTheDocument();
    expect((within(panel).getByLabelText('Share link') as HTMLInputElement).value).toBe(
      'http://localhost/slip?legs=evt_a~1~1~1~2.1,evt_b~1~1~1~1.5',
    );
    await user.click(within(panel).getByRole('button', { name: 'Remove Lazio vs Roma' }));
    expect(selectSlipLegs(store.getState())).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Clear slip' }));
    expect(within(panel).getByText(/Your slip is empty/)).toBeInTheDocument();
  });

  it('lists my bookmakers first, and with "My books only" compares among them alone', async () => {
    api = mockApi()
      .on('GET /api/users/me/books', ok({ books: [1, 3], answered: true }))
      .on(
        'GET /api/odds/event/evt_a',
        details('evt_a', 'Arsenal vs Chelsea', [
          [1, 2.0],
          [2, 2.2],
          [3, 2.1],
        ]),
      );
    const store = setupStore({ ...loggedIn(), slip: { legs: [leg()], open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    const books = async () =>
      within(await within(panel).findByRole('table'))
        .getAllByRole('rowheader')
        .map((th) => th.textContent);
    // "My books only" (on by default once books are chosen): SportyBet's 2.10 is the best of the two.
    await waitFor(async () => expect(await books()).toEqual(['SportyBetBest', 'Bet9Ja']));
    expect(within(panel).getByText('SportyBet pays ₦100.00 (5.00%) more than Bet9Ja.')).toBeInTheDocument();
    // Every book, the chosen ones still first (each group by price).
    await user.click(within(panel).getByRole('button', { name: 'All books' }));
    await waitFor(async () => expect(await books()).toEqual(['SportyBet', 'Bet9Ja', 'BetKingBest']));
  });

  const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

  it('leads with which book pays most; loading a code comes after', async () => {
    api = mockApi().on(
      'GET /api/odds/event/evt_a',
      details('evt_a', 'Arsenal vs Chelsea', [
        [1, 2.0],
        [3, 2.1],
      ]),
    );
    const store = setupStore({ ...loggedIn(), slip: { legs: [leg()], open: true, lastAdded: null } });
    renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    const answer = await within(panel).findByText('SportyBet pays ₦100.00 (5.00%) more than Bet9Ja.');
    const loader = within(panel).getByText('Load a booking code');
    expect(follows(within(panel).getByRole('table'), loader)).toBe(true);
    expect(follows(answer, loader)).toBe(true);
  });

  it('on an empty slip says so first, then offers to load a code', async () => {
    const store = setupStore({ ...loggedIn(), slip: { legs: [], open: true, lastAdded: null } });
    renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    const message = within(panel).getByText(/^Your slip is empty\./);
    expect(follows(message, within(panel).getByText('Load a booking code'))).toBe(true);
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('says so when no book prices every leg', async () => {
    api = mockApi()
      .on('GET /api/odds/event/evt_a', details('evt_a', 'Arsenal vs Chelsea', [[1, 2.0]]))
      .on('GET /api/odds/event/evt_b', details('evt_b', 'Lazio vs Roma', [[2, 1.4]]));
    const store = setupStore({
      ...loggedIn(),
      slip: { legs: [leg(), leg({ eventId: 'evt_b', providerId: 2, value: 1.4 })], open: true, lastAdded: null },
    });
    renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    expect(await screen.findByText('No bookmaker prices every leg of this slip.')).toBeInTheDocument();
  });
});

describe('a shared slip link', () => {
  it('round-trips the legs and rejects a malformed link', () => {
    const legs = [
      leg({ name: '' }),
      leg({ eventId: 'evt_b', name: '', marketId: 7, selectionTypeId: 14, providerId: 5, value: 1.85 }),
    ];
    const link = slipLink(legs, 'https://example.test');
    expect(parseSlipLink(new URL(link).searchParams.get('legs'))).toEqual(legs);
    expect(parseSlipLink('evt_a~1~1~1')).toBeNull();
    expect(parseSlipLink('evt_a~1~1~1~0.5')).toBeNull();
    expect(parseSlipLink('evt a~1~1~1~2')).toBeNull();
    expect(parseSlipLink('evt_a~1~1~1~2,evt_a~1~2~1~3')).toBeNull();
    expect(parseSlipLink(null)).toBeNull();
  });

  it('rebuilds the slip, opens it and goes to the dashboard', async () => {
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/slip" element={<SlipSharePage />} />
        <Route path="/dashboard" element={<p>dashboard</p>} />
      </Routes>,
      { preloadedState: loggedIn(), route: '/slip?legs=evt_a~1~2~3~3.4' },
    );
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(store.getState().slip).toEqual({
      open: true,
      legs: [{ eventId: 'evt_a', name: '', marketId: 1, selectionTypeId: 2, providerId: 3, value: 3.4 }],
      lastAdded: null,
    });
  });

  it('opens the visitor’s own slip, as it is, when /slip comes without a link', async () => {
    const own = {
      eventId: 'evt_a',
      name: 'Arsenal vs Chelsea',
      marketId: 1,
      selectionTypeId: 1,
      providerId: 2,
      value: 2.1,
    };
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/slip" element={<SlipSharePage />} />
        <Route path="/dashboard" element={<p>dashboard</p>} />
      </Routes>,
      { preloadedState: { ...loggedIn(), slip: { legs: [own], open: false, lastAdded: null } }, route: '/slip' },
    );
    // It said 'This slip link is not valid.' to someone who typed the address or kept it.
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(store.getState().slip).toEqual({ open: true, legs: [own], lastAdded: null });
  });

  it('says when a link is not valid, an empty one too', async () => {
    for (const route of ['/slip?legs=nonsense', '/slip?legs=']) {
      const view = renderWithProviders(
        <Routes>
          <Route path="/slip" element={<SlipSharePage />} />
        </Routes>,
        { preloadedState: loggedIn(), route },
      );
      expect(await screen.findByText('This slip link is not valid.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
      view.unmount();
    }
  });
});

describe('add to bet slip on the match page', () => {
  it('adds the tapped book’s price from the price panel and removes it on a second press', async () => {
    api = mockApi()
      .on(`GET /api/odds/event/${EVENT_ID}`, ok(eventDetail()))
      .on(`GET /api/odds/event/${EVENT_ID}/history`, ok(history()));
    const { store, user } = renderWithProviders(
      <Routes>
        <Route path="/match/:eventId" element={<MatchPage pollingIntervalMs={0} />} />
      </Routes>,
      { preloadedState: loggedIn(), route: `/match/${EVENT_ID}` },
    );
    const result = (await screen.findAllByRole('region', { name: /^Arsenal vs Chelsea 1X2/ }))[0]!;
    await user.click(within(result).getByRole('button', { name: /BetKing Draw price history/ }));
    const add = await screen.findByRole('button', { name: 'Add to bet slip · BetKing 3.50' });
    expect(add).toHaveAttribute('aria-pressed', 'false');
    await user.click(add);
    expect(selectSlipLegs(store.getState())).toEqual([
      { eventId: EVENT_ID, name: 'Arsenal vs Chelsea', marketId: 1, selectionTypeId: 2, providerId: 2, value: 3.5 },
    ]);
    const remove = screen.getByRole('button', { name: 'Remove from bet slip · BetKing 3.50' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await user.click(remove);
    await waitFor(() => expect(selectSlipLegs(store.getState())).toEqual([]));
  });
});
