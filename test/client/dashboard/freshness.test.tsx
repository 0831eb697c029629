import { act, screen, waitFor } from '@testing-library/react';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { oddsApi } from '../../../src/client/features/dashboard/odds.api';
import type { AppStore } from '../../../src/client/app/store';
import { renderWithProviders } from '../support/render';
import { oddsEvent } from '../odds/odds-fixtures';
import {
  dashboardApi,
  loggedIn,
  movingPulse,
  ok,
  serverError,
  sourcesOf,
  type DashboardApi,
} from './dashboard-support';
import type { MockReply } from '../support/mock-api';

let api: DashboardApi;
afterEach(() => {
  api?.restore();
  jest.useRealTimers();
});

const MINUTE = 60_000;
const iso = (at: number) => new Date(at).toISOString();
const hhmm = (at: number) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** The freshness line: the paragraph right under the summary bar. */
function freshnessLine(): HTMLElement {
  const line = document.querySelector<HTMLElement>('.dashboard-freshness');
  if (!line) throw new Error('no freshness line');
  return line;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** When the store received the dashboard's current odds answer (Premier League, 1X2). */
function oddsArrivedAt(store: AppStore): number {
  const at = oddsApi.endpoints.getOdds.select({ country: 1, competition: 1, market: 1 })(
    store.getState(),
  ).fulfilledTimeStamp;
  if (at === undefined) throw new Error('no odds answer');
  return at;
}

describe('dashboard freshness line', () => {
  it('says "Updated HH:MM" of the latest read, in local time, when every collected book is ok', async () => {
    const latest = new Date(2026, 10, 23, 14, 39, 21).getTime();
    api = dashboardApi({
      sources: sourcesOf({
        1: { state: 'ok', lastSuccessAt: iso(latest - 2 * MINUTE) },
        // A league read after the book's lastSuccessAt still counts.
        2: {
          state: 'ok',
          lastSuccessAt: iso(latest - 5 * MINUTE),
          leagues: [{ competitionId: 1, events: 10, prices: 212, fetchedAt: iso(latest) }],
        },
        3: { state: 'ok', lastSuccessAt: iso(latest - MINUTE) },
        // 4 and 5 are off: not collected, never named.
      }),
    });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(/^Updated 14:39$/));
    expect(screen.getByText('Updated 14:39')).toBeInTheDocument();
    // It sits under the summary bar, before the filters, in the page's flow.
    const summaryBar = screen.getByText('Games', { selector: 'dt' }).closest('dl')!;
    expect(summaryBar.nextElementSibling).toBe(freshnessLine());
    expect(freshnessLine().tagName).toBe('P');
  });

  it('names a book that is down: "SportyBet: no update for 12 min", and no "Updated"', async () => {
    const now = Date.now();
    api = dashboardApi({
      sources: sourcesOf({
        1: { state: 'ok', lastSuccessAt: iso(now - 30_000) },
        3: {
          state: 'down',
          lastSuccessAt: iso(now - 12 * MINUTE - 5_000),
          lastError: 'Premier League: HTTP 500 after 3 tries',
        },
      }),
    });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(/^SportyBet: no update for 12 min$/));
    expect(screen.queryByText(/Updated/)).not.toBeInTheDocument();
  });

  it('joins several failing books with " · " (a degraded one too; never read: "no update yet")', async () => {
    const now = Date.now();
    api = dashboardApi({
      sources: sourcesOf({
        2: { state: 'degraded', lastSuccessAt: iso(now - 3 * MINUTE - 1_000) },
        3: { state: 'down', lastSuccessAt: iso(now - 12 * MINUTE - 5_000) },
        5: { state: 'down', lastSuccessAt: null },
      }),
    });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await waitFor(() =>
      expect(freshnessLine().textContent).toBe(
        'BetKing: no update for 3 min · SportyBet: no update for 12 min · 1xBet: no update yet',
      ),
    );
    expect(screen.getByText('SportyBet: no update for 12 min')).toBeInTheDocument();
  });

  it('with every book off (the demo feed) says when the shown prices arrived', async () => {
    api = dashboardApi();
    const { store } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await screen.findByText('Arsenal vs Chelsea');
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(/^Updated \d\d:\d\d$/));
    expect(freshnessLine()).toHaveTextContent(`Updated ${hhmm(oddsArrivedAt(store))}`);
    expect(api.sourcesRequests()).toBeGreaterThanOrEqual(1);
  });

  it('falls back the same way when the health request fails', async () => {
    api = dashboardApi({ sources: serverError });
    const { store } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await screen.findByText('Arsenal vs Chelsea');
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(`Updated ${hhmm(oddsArrivedAt(store))}`));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing with every book off and no prices shown', async () => {
    api = dashboardApi({ odds: ok({ events: [], source: 'demo' }) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await screen.findByText('No matches found for the selected league and market.');
    await waitFor(() => expect(api.sourcesRequests()).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(freshnessLine()).toBeEmptyDOMElement();
  });

  it('asks for the health only once the summary has arrived, and not at all when it failed', async () => {
    let answer: (reply: MockReply) => void = () => {};
    api = dashboardApi({ summary: () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(api.sourcesRequests()).toBe(0);
    answer(serverError);
    await screen.findByRole('alert');
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(api.sourcesRequests()).toBe(0);
    expect(document.querySelector('.dashboard-freshness')).toBeNull();
  });

  it('refreshes with the odds poll: a book going down shows without reload', async () => {
    let reply = sourcesOf({ 3: { state: 'ok', lastSuccessAt: iso(Date.now()) } });
    api = dashboardApi({ sources: () => ok({ sources: reply }), pulse: movingPulse(['odds', 'sources']) });
    renderWithProviders(<DashboardPage pollingIntervalMs={800} />, { preloadedState: loggedIn() });
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(/^Updated \d\d:\d\d$/));
    reply = sourcesOf({ 3: { state: 'down', lastSuccessAt: iso(Date.now() - 12 * MINUTE - 5_000) } });
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(/^SportyBet: no update for 12 min$/));
  });

  it('does not poll the health while the tab is hidden and catches up when it is shown', async () => {
    api = dashboardApi({ pulse: movingPulse(['sources']) });
    renderWithProviders(<DashboardPage pollingIntervalMs={800} />, { preloadedState: loggedIn() });
    await screen.findByText('Arsenal vs Chelsea', {}, { timeout: 10_000 });
    await waitFor(() => expect(api.sourcesRequests()).toBeGreaterThanOrEqual(1));
    try {
      setVisibility('hidden');
      const hiddenAt = api.sourcesRequests();
      await act(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
      expect(api.sourcesRequests()).toBe(hiddenAt);
      setVisibility('visible');
      await waitFor(() => expect(api.sourcesRequests()).toBeGreaterThan(hiddenAt), { timeout: 3_000 });
    } finally {
      setVisibility('visible');
    }
  });

  it("asks every 30 seconds by default, on the pulse's beat; the fallback time moves only when prices change", async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    jest.setSystemTime(new Date(2026, 10, 23, 14, 5, 10));
    let home = 2.1;
    api = dashboardApi({
      odds: () => ok({ events: [oddsEvent({ id: 'evt_fresh', markets: marketsWith(home) })], source: 'demo' }),
      pulse: movingPulse(['odds', 'sources']),
    });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await act(() => jest.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(/^Updated 14:05$/), { timeout: 50 });
    expect(api.oddsRequests()).toHaveLength(1);
    expect(api.sourcesRequests()).toBe(1);

    // Two more polls with the same prices, past 14:06: the line keeps the time they arrived.
    await act(() => jest.advanceTimersByTimeAsync(61_000));
    expect(api.oddsRequests()).toHaveLength(3);
    expect(api.sourcesRequests()).toBe(3);
    expect(freshnessLine()).toHaveTextContent(/^Updated 14:05$/);

    // A price moves: the next poll (at 14:06:40) brings it.
    home = 2.2;
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(api.oddsRequests()).toHaveLength(4);
    expect(freshnessLine()).toHaveTextContent(/^Updated 14:06$/);
  });
});

/** The 1X2 market of the default event with Bet9Ja's home price set. */
function marketsWith(home: number) {
  const [market] = oddsEvent().markets;
  const [first, ...rest] = market!.odds;
  return [
    {
      ...market!,
      odds: [
        { ...first!, odds: first!.odds.map((p) => (p.selectionTypeId === 1 ? { ...p, value: home } : p)) },
        ...rest,
      ],
    },
  ];
}

describe('freshness from the odds answer', () => {
  it("says 'Updated HH:MM' of the answer's updatedAt, refreshed with each poll; failing books keep their words", async () => {
    const first = new Date(2026, 10, 23, 9, 5).getTime();
    let updatedAt = first;
    api = dashboardApi({
      odds: () => ok({ events: [oddsEvent()], source: 'demo', updatedAt: iso(updatedAt) }),
      pulse: movingPulse(['odds', 'summary']),
    });
    renderWithProviders(<DashboardPage pollingIntervalMs={800} />, { preloadedState: loggedIn() });
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(`Updated ${hhmm(first)}`));
    updatedAt = first + 7 * MINUTE;
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(`Updated ${hhmm(updatedAt)}`));
    // The counters are asked again when the pulse says they moved.
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/odds/summary').length).toBeGreaterThanOrEqual(2),
    );
    // The cards (and the banner above them) render in the background after each answer.
    expect(await screen.findByText('Prices are simulated', {}, { timeout: 3_000 })).toBeInTheDocument();
  });

  it('keeps the per-book wording when a book is degraded', async () => {
    const latest = new Date(2026, 10, 23, 14, 39).getTime();
    api = dashboardApi({
      odds: ok({ events: [oddsEvent()], source: 'live', updatedAt: iso(latest) }),
      sources: sourcesOf({ 3: { state: 'degraded', lastSuccessAt: iso(Date.now() - 12 * MINUTE) } }),
    });
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await waitFor(() => expect(freshnessLine()).toHaveTextContent(/^SportyBet: no update for 1[12] min$/));
  });
});
