import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { LoadedCodeDto } from '@shared/contract/booking';
import { CodePage } from '../../../src/client/features/slip/booking/code-page';
import { SlipPanel } from '../../../src/client/features/slip/slip-panel';
import { ProtectedRoute } from '../../../src/client/app/protected-route';
import { setupStore } from '../../../src/client/app/store';
import { takeReturnTo } from '../../../src/client/lib/return-to';
import {
  selectSlipLegs,
  slipClosed,
  slipLinkOpened,
  slipToggled,
  type SlipLeg,
} from '../../../src/client/lib/slip.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn, ok } from '../dashboard/dashboard-support';
import { market, oddsEvent, providerRow } from '../odds/odds-fixtures';

jest.setTimeout(20_000);

let api: MockApi;
afterEach(() => {
  api?.restore();
  localStorage.clear();
  sessionStorage.clear();
});

/** A match's current prices: each book's home price as given (draw and away 3.0). */
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

const code: LoadedCodeDto = {
  provider: 3,
  code: 'ABC123',
  expiresAt: '2030-03-16T13:30:00.000Z',
  legs: [
    {
      eventId: 'evt_a',
      home: 'Arsenal',
      away: 'Chelsea',
      kickoff: '2030-03-16T13:30:00.000Z',
      market: 1,
      selection: 1,
      price: 1.8,
      label: '1X2 · Home',
      matched: true,
    },
    {
      eventId: 'evt_b',
      home: 'Lazio',
      away: 'Roma',
      kickoff: '2030-03-16T16:00:00.000Z',
      market: 1,
      selection: 1,
      price: 1.5,
      label: '1X2 · Home',
      matched: true,
    },
    {
      eventId: null,
      home: 'Brentford',
      away: '<b>Brighton</b>',
      kickoff: '2030-03-16T16:00:00.000Z',
      market: 1,
      selection: 3,
      price: 3.3,
      label: '1X2 · Away',
      matched: false,
      reason: 'match_not_found',
    },
  ],
};

/** SportyBet 1.80 × 1.50 = 2.70; Bet9Ja 2.00 × 1.60 = 3.20 (18.52% more); BetKing misses leg 2. */
function pricedApi() {
  return mockApi()
    .on('GET /api/booking/3/ABC123', ok(code))
    .on(
      'GET /api/odds/event/evt_a',
      details('evt_a', 'Arsenal vs Chelsea', [
        [1, 2.0],
        [2, 1.9],
        [3, 1.8],
      ]),
    )
    .on(
      'GET /api/odds/event/evt_b',
      details('evt_b', 'Lazio vs Roma', [
        [1, 1.6],
        [3, 1.5],
      ]),
    );
}

const leg = (overrides: Partial<SlipLeg> = {}): SlipLeg => ({
  eventId: 'evt_c',
  name: 'Milan vs Inter',
  marketId: 1,
  selectionTypeId: 2,
  providerId: 2,
  value: 3.1,
  ...overrides,
});

describe('Load a booking code on the slip', () => {
  it('puts the mapped legs on an empty slip at the code’s book and price, and lists the unmapped ones as text', async () => {
    api = pricedApi();
    const store = setupStore({ ...loggedIn(), slip: { legs: [], open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    expect(within(panel).getByLabelText('Bookmaker')).toHaveValue('3');
    await user.type(within(panel).getByLabelText('Booking code'), 'abc123');
    await user.click(within(panel).getByRole('button', { name: 'Load code' }));
    expect(await within(panel).findByText('2 legs of SportyBet code ABC123 are on your slip.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path.startsWith('/api/booking'))?.path).toBe('/api/booking/3/ABC123');
    expect(within(panel).getByRole('link', { name: 'Page of this code to share' })).toHaveAttribute(
      'href',
      '/code/sportybet/ABC123',
    );
    expect(selectSlipLegs(store.getState())).toEqual([
      { eventId: 'evt_a', name: 'Arsenal vs Chelsea', marketId: 1, selectionTypeId: 1, providerId: 3, value: 1.8 },
      { eventId: 'evt_b', name: 'Lazio vs Roma', marketId: 1, selectionTypeId: 1, providerId: 3, value: 1.5 },
    ]);
    const unmapped = within(panel).getByText(/Brentford vs/);
    expect(unmapped.textContent).toBe('Brentford vs <b>Brighton</b> · 1X2 · Away — match not listed here');
    expect(unmapped.querySelector('b')).toBeNull();
  });

  it('asks before touching a slip that is not empty: add joins the legs, replace swaps them', async () => {
    api = pricedApi().on('GET /api/odds/event/evt_c', details('evt_c', 'Milan vs Inter', [[2, 2.5]]));
    const store = setupStore({ ...loggedIn(), slip: { legs: [leg()], open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    await user.type(within(panel).getByLabelText('Booking code'), 'ABC123');
    await user.click(within(panel).getByRole('button', { name: 'Load code' }));
    const ask = await within(panel).findByRole('group', { name: 'Your slip is not empty' });
    expect(selectSlipLegs(store.getState()).map((l) => l.eventId)).toEqual(['evt_c']);
    await user.click(within(ask).getByRole('button', { name: 'Add to slip' }));
    expect(selectSlipLegs(store.getState()).map((l) => l.eventId)).toEqual(['evt_c', 'evt_a', 'evt_b']);

    await user.click(within(panel).getByRole('button', { name: 'Load code' }));
    await user.click(
      within(await within(panel).findByRole('group', { name: 'Your slip is not empty' })).getByRole('button', {
        name: 'Replace slip',
      }),
    );
    expect(selectSlipLegs(store.getState()).map((l) => l.eventId)).toEqual(['evt_a', 'evt_b']);
  });

  it('checks the code before asking, and shows the server’s message for an expired code', async () => {
    api = mockApi().on('GET /api/booking/1/OLD999', {
      status: 404,
      body: {
        error: {
          code: 'BOOKING_CODE_NOT_FOUND',
          description: 'Bet9Ja does not know this code, or it has expired.',
          type: 'not_found',
          requestId: '8F3K2QX7MA',
        },
      },
    });
    const store = setupStore({ ...loggedIn(), slip: { legs: [], open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    await user.type(within(panel).getByLabelText('Booking code'), 'ab-1');
    await user.click(within(panel).getByRole('button', { name: 'Load code' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Enter the code as the bookmaker shows it: 4 to 12 letters and digits.',
    );
    expect(api.requests).toHaveLength(0);
    expect(store.getState().errors.bySource['booking-load']).toMatchObject({ code: 'VALIDATION_ERROR' });
    await user.selectOptions(within(panel).getByLabelText('Bookmaker'), 'Bet9Ja');
    await user.clear(within(panel).getByLabelText('Booking code'));
    await user.type(within(panel).getByLabelText('Booking code'), 'old999');
    await user.click(within(panel).getByRole('button', { name: 'Load code' }));
    expect(await within(panel).findByText('Bet9Ja does not know this code, or it has expired.')).toBeInTheDocument();
    // The server's reference under its message, kept with the error for support and replays.
    expect(within(panel).getByRole('alert')).toHaveTextContent('Ref 8F3K2QX7MA');
    expect(store.getState().errors.bySource['booking-load']).toMatchObject({
      code: 'BOOKING_CODE_NOT_FOUND',
      message: 'Bet9Ja does not know this code, or it has expired.',
      ref: '8F3K2QX7MA',
    });
    expect(selectSlipLegs(store.getState())).toEqual([]);
  });

  it('takes its error with it when the slip closes: opened again, the form is clean', async () => {
    api = mockApi();
    const store = setupStore({ ...loggedIn(), slip: { legs: [], open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    await user.type(within(panel).getByLabelText('Booking code'), 'ab');
    await user.click(within(panel).getByRole('button', { name: 'Load code' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('4 to 12 letters and digits');
    act(() => {
      store.dispatch(slipClosed());
    });
    // The panel's content goes once its closing transition ends.
    await waitFor(() => expect(screen.queryByLabelText('Booking code')).toBeNull());
    expect(store.getState().errors.bySource['booking-load']).toBeUndefined();
    act(() => {
      store.dispatch(slipToggled());
    });
    const again = await screen.findByRole('dialog', { name: 'Bet slip' });
    expect(within(again).getByLabelText('Booking code')).toHaveValue('');
    expect(within(again).queryByRole('alert')).toBeNull();
  });

  it('says so when no leg of the code is a match and market we compare, and leaves the slip as it was', async () => {
    const unmapped: LoadedCodeDto = { ...code, legs: code.legs.filter((l) => !l.matched) };
    api = mockApi().on('GET /api/booking/3/ABC123', ok(unmapped));
    const store = setupStore({ ...loggedIn(), slip: { legs: [leg()], open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    await user.type(within(panel).getByLabelText('Booking code'), 'ABC123');
    await user.click(within(panel).getByRole('button', { name: 'Load code' }));
    expect(
      await within(panel).findByText('None of the legs of this code is a match and market we compare.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/Brentford vs/)).toBeInTheDocument();
    expect(within(panel).queryByRole('group', { name: 'Your slip is not empty' })).toBeNull();
    expect(selectSlipLegs(store.getState()).map((l) => l.eventId)).toEqual(['evt_c']);
    expect(store.getState().errors.bySource['booking-load']).toBeUndefined();
  });
});

describe('Get <Book> code', () => {
  const slipOfCode = () => [
    { eventId: 'evt_a', name: 'Arsenal vs Chelsea', marketId: 1, selectionTypeId: 1, providerId: 3, value: 1.8 },
    { eventId: 'evt_b', name: 'Lazio vs Roma', marketId: 1, selectionTypeId: 1, providerId: 3, value: 1.5 },
  ];

  it('makes the code at the best-paying book, shows it large, copies it and shares it by WhatsApp', async () => {
    api = pricedApi().on('POST /api/booking/1', {
      status: 201,
      body: {
        data: {
          provider: 1,
          code: '9JA4KD2',
          url: 'https://sports.bet9ja.com/?bookABetCode=9JA4KD2',
          legs: [{ eventId: 'evt_a', market: 1, selection: 1, price: 2 }],
          skipped: [{ eventId: 'evt_b', market: 1, selection: 1, reason: 'suspended' }],
        },
      },
    });
    const store = setupStore({ ...loggedIn(), slip: { legs: slipOfCode(), open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    const best = await within(panel).findByRole('button', { name: 'Get Bet9Ja code' });
    expect(within(panel).getByText('Codes at the other bookmakers:')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Get SportyBet code' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Get BetKing code' })).toBeNull();
    await user.click(best);
    const card = await within(panel).findByRole('group', { name: 'Bet9Ja code' });
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      legs: [
        { eventId: 'evt_a', market: 1, selection: 1 },
        { eventId: 'evt_b', market: 1, selection: 1 },
      ],
    });
    expect(within(card).getByTestId('booking-code')).toHaveTextContent('9JA4KD2');
    expect(within(card).getByTestId('booking-code')).toHaveClass('display-6');
    expect(within(card).getByText('1 of 2 legs are in this code.')).toBeInTheDocument();
    expect(within(card).getByText('Lazio vs Roma — suspended there')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the slip at Bet9Ja' })).toHaveAttribute(
      'href',
      'https://sports.bet9ja.com/?bookABetCode=9JA4KD2',
    );

    await user.click(within(card).getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('9JA4KD2');
    expect(within(card).getByRole('button', { name: 'Code copied' })).toBeInTheDocument();

    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    const text = 'Bet9Ja code 9JA4KD2 — pays ₦3,200.00 on ₦1,000 (18.52% more than SportyBet)';
    expect(open).toHaveBeenCalledWith(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
    open.mockRestore();

    const share = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ text });
    delete (navigator as { share?: unknown }).share;
  });

  it('says why the button names another book when the book paying most cannot book', async () => {
    // BetKing 2.20 × 1.70 = 3.74 pays most, but only SportyBet and Bet9Ja (3.20) make codes.
    api = mockApi()
      .on(
        'GET /api/odds/event/evt_a',
        details('evt_a', 'Arsenal vs Chelsea', [
          [1, 2.0],
          [2, 2.2],
          [3, 1.8],
        ]),
      )
      .on(
        'GET /api/odds/event/evt_b',
        details('evt_b', 'Lazio vs Roma', [
          [1, 1.6],
          [2, 1.7],
          [3, 1.5],
        ]),
      );
    const store = setupStore({ ...loggedIn(), slip: { legs: slipOfCode(), open: true, lastAdded: null } });
    renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    expect(await within(panel).findByRole('button', { name: 'Get Bet9Ja code' })).toBeInTheDocument();
    expect(within(panel).getByText("Codes can't be made at BetKing here. Next best: Bet9Ja.")).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Get BetKing code' })).toBeNull();
  });

  it('names no other book when the book paying most can book', async () => {
    api = pricedApi();
    const store = setupStore({ ...loggedIn(), slip: { legs: slipOfCode(), open: true, lastAdded: null } });
    renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    expect(await within(panel).findByRole('button', { name: 'Get Bet9Ja code' })).toBeInTheDocument();
    expect(within(panel).queryByText(/Codes can't be made at/)).toBeNull();
  });

  it('shows why a book makes no code', async () => {
    api = pricedApi().on('POST /api/booking/1', {
      status: 503,
      body: {
        error: {
          code: 'BOOKING_UNAVAILABLE',
          description: 'Bet9Ja is not answering booking requests right now. Please try again later.',
          type: 'server',
          requestId: 'Q1W2E3R4T5',
        },
      },
    });
    const store = setupStore({ ...loggedIn(), slip: { legs: slipOfCode(), open: true, lastAdded: null } });
    const { user } = renderWithProviders(<SlipPanel pollingIntervalMs={0} />, { store });
    const panel = await screen.findByRole('dialog', { name: 'Bet slip' });
    await user.click(await within(panel).findByRole('button', { name: 'Get Bet9Ja code' }));
    expect(
      await within(panel).findByText('Bet9Ja is not answering booking requests right now. Please try again later.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent('Ref Q1W2E3R4T5');
    expect(store.getState().errors.bySource['booking-get-1']).toMatchObject({
      code: 'BOOKING_UNAVAILABLE',
      ref: 'Q1W2E3R4T5',
    });
    // Another slip starts afresh: the last one's refusal is not shown under its button.
    act(() => {
      store.dispatch(slipLinkOpened(slipOfCode().slice(0, 1)));
    });
    expect(await within(panel).findByRole('button', { name: 'Get Bet9Ja code' })).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(store.getState().errors.bySource['booking-get-1']).toBeUndefined();
  });
});

describe('the shareable code page', () => {
  it('loads the code, marks moved and not-offered legs, compares the books and offers the code at the best', async () => {
    api = mockApi()
      .on('GET /api/booking/3/ABC123', ok(code))
      // SportyBet's price of leg 1 moved from 1.80 to 1.75 since the code was made; Bet9Ja lacks leg 2.
      .on(
        'GET /api/odds/event/evt_a',
        details('evt_a', 'Arsenal vs Chelsea', [
          [1, 2.0],
          [3, 1.75],
        ]),
      )
      .on(
        'GET /api/odds/event/evt_b',
        details('evt_b', 'Lazio vs Roma', [
          [3, 1.5],
          [2, 1.7],
        ]),
      );
    const { store, user } = renderWithProviders(
      <Routes>
        <Route path="/code/:book/:code" element={<CodePage />} />
      </Routes>,
      {
        preloadedState: { ...loggedIn(), slip: { legs: [], open: false, lastAdded: null } },
        route: '/code/sportybet/abc123',
      },
    );
    expect(await screen.findByRole('heading', { name: 'SportyBet code ABC123' })).toBeInTheDocument();
    expect(await screen.findByText('Price moved 1.80 → 1.75')).toBeInTheDocument();
    expect(await screen.findByText('Not offered at: Bet9Ja')).toBeInTheDocument();
    expect(screen.getByText(/Brentford vs/)).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Get SportyBet code' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Put these legs on my slip' }));
    await waitFor(() => expect(selectSlipLegs(store.getState())).toHaveLength(2));
    expect(store.getState().slip.open).toBe(true);
  });

  it('asks before touching a slip that is not empty: cancel keeps it, add joins the code’s legs to it', async () => {
    api = pricedApi().on('GET /api/odds/event/evt_c', details('evt_c', 'Milan vs Inter', [[2, 2.5]]));
    const { store, user } = renderWithProviders(
      <Routes>
        <Route path="/code/:book/:code" element={<CodePage />} />
      </Routes>,
      {
        preloadedState: { ...loggedIn(), slip: { legs: [leg()], open: false, lastAdded: null } },
        route: '/code/sportybet/ABC123',
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Put these legs on my slip' }));
    const ask = screen.getByRole('group', { name: 'Your slip is not empty' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Your slip is not empty' })).toBeNull();
    expect(selectSlipLegs(store.getState()).map((l) => l.eventId)).toEqual(['evt_c']);

    await user.click(screen.getByRole('button', { name: 'Put these legs on my slip' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Your slip is not empty' })).getByRole('button', {
        name: 'Add to slip',
      }),
    );
    expect(selectSlipLegs(store.getState()).map((l) => l.eventId)).toEqual(['evt_c', 'evt_a', 'evt_b']);
    expect(screen.getByRole('button', { name: 'Put these legs on my slip' })).toBeInTheDocument();
  });

  it('shows why the code did not load, with the server’s reference, and records it', async () => {
    api = mockApi().on('GET /api/booking/3/ABC123', {
      status: 503,
      body: {
        error: {
          code: 'BOOKING_UNAVAILABLE',
          description: 'SportyBet is not answering booking requests right now. Please try again later.',
          type: 'server',
          requestId: 'Z9Y8X7W6V5',
        },
      },
    });
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/code/:book/:code" element={<CodePage />} />
      </Routes>,
      { preloadedState: loggedIn(), route: '/code/sportybet/ABC123' },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^SportyBet is not answering booking requests right now\. Please try again later\.Ref Z9Y8X7W6V5$/,
    );
    expect(store.getState().errors.bySource['booking-code']).toMatchObject({
      code: 'BOOKING_UNAVAILABLE',
      ref: 'Z9Y8X7W6V5',
    });
  });

  it('says when the link is not a code', async () => {
    api = mockApi();
    renderWithProviders(
      <Routes>
        <Route path="/code/:book/:code" element={<CodePage />} />
      </Routes>,
      { preloadedState: loggedIn(), route: '/code/unknownbook/ABC123' },
    );
    expect(await screen.findByText('This code link is not valid.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('remembers the page for a logged-out visitor, so the login comes back to it', async () => {
    api = mockApi();
    renderWithProviders(
      <Routes>
        <Route
          path="/code/:book/:code"
          element={
            <ProtectedRoute>
              <p>code page</p>
            </ProtectedRoute>
          }
        />
        <Route path="/" element={<p>landing</p>} />
      </Routes>,
      { preloadedState: { auth: { loading: false, session: null } } as never, route: '/code/sportybet/ABC123' },
    );
    expect(await screen.findByText('landing')).toBeInTheDocument();
    await waitFor(() => expect(takeReturnTo('none')).toBe('/code/sportybet/ABC123'));
    expect(takeReturnTo('none')).toBe('none');
  });
});
