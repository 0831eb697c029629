import { act, screen, waitFor, within } from '@testing-library/react';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { OddsFlag } from '../../../src/shared/lookups';
import { renderWithProviders } from '../support/render';
import { market, oddsEvent, providerRow } from '../odds/odds-fixtures';
import { dashboardApi, loggedIn, ok, serverError, type DashboardApi } from './dashboard-support';
import type { MockReply } from '../support/mock-api';

let api: DashboardApi;
/** Long enough for a busy machine to render the list between two beats. */
const BEAT_MS = 800;
afterEach(() => {
  api.restore();
  jest.useRealTimers();
});

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/**
 * Once `move()` was called, the next answer moves Bet9Ja's home price by +0.05 and flags it as
 * increased, and every later one keeps it there: until then every poll answers the first price.
 * Either price stays for many polls, so a slow machine cannot skip one.
 */
function driftingOdds() {
  let tick = 0;
  let moving = false;
  const event = oddsEvent({ id: 'evt_drift', name: 'Man United vs Fulham' });
  const handler = () => {
    const home = 1.6 + 0.05 * tick;
    const flags = tick > 0 ? OddsFlag.Increased : 0;
    if (moving) tick = 1;
    return ok({
      events: [
        {
          ...event,
          markets: [
            market(1, [
              providerRow(1, 5.36, [
                [1, home, flags],
                [2, 4.2],
                [3, 5.25],
              ]),
            ]),
          ],
        },
      ],
      source: 'demo',
    });
  };
  return Object.assign(handler, {
    move: () => {
      moving = true;
    },
  });
}

describe('dashboard polling', () => {
  jest.setTimeout(15_000);

  afterEach(() => setVisibility('visible'));

  it('refreshes the odds on the interval so movement shows without reload, keeping the list meanwhile', async () => {
    const odds = driftingOdds();
    api = dashboardApi({ odds });
    renderWithProviders(<DashboardPage pollingIntervalMs={BEAT_MS} />, { preloadedState: loggedIn() });
    const row = async () => screen.findByRole('row', { name: /Bet9Ja/ });
    // Each price is a bet-slip toggle; its visible value is the first part.
    expect(
      within(await row())
        .getAllByRole('cell')[0]!
        .querySelector('.odds-value'),
    ).toHaveTextContent(/^1\.60$/);
    expect(screen.queryByText('odds increased', { exact: false })).not.toBeInTheDocument();

    // Each answer after this one is 0.05 higher; the cards render in the background, so the list
    // may show a later answer than the first moved one.
    odds.move();
    const shownPrice = () =>
      Number(
        within(screen.getByRole('row', { name: /Bet9Ja/ }))
          .getAllByRole('cell')[0]!
          .querySelector('.odds-value')?.textContent,
      );
    await waitFor(() => expect(shownPrice()).toBeGreaterThanOrEqual(1.65), { timeout: 6_000 });
    expect(screen.getByText('odds increased', { exact: false })).toHaveClass('visually-hidden');
    // During every refetch the list stayed: no spinner replaced it.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.oddsRequests().length).toBeGreaterThanOrEqual(2);
  });

  it('does not poll while the tab is hidden and catches up when it is shown again', async () => {
    api = dashboardApi();
    renderWithProviders(<DashboardPage pollingIntervalMs={BEAT_MS} />, { preloadedState: loggedIn() });
    await screen.findByText('Arsenal vs Chelsea', {}, { timeout: 5_000 });
    setVisibility('hidden');
    const hiddenAt = api.oddsRequests().length;
    await sleep(BEAT_MS * 2);
    expect(api.oddsRequests().length).toBe(hiddenAt);
    setVisibility('visible');
    await waitFor(() => expect(api.oddsRequests().length).toBeGreaterThan(hiddenAt));
  });

  it('makes one request per beat while nothing changed: the pulse, a 304 in a browser', async () => {
    api = dashboardApi({ pulse: ok({ odds: 7, summary: '"s1"', sources: 't1', unread: 0 }) });
    renderWithProviders(<DashboardPage pollingIntervalMs={BEAT_MS} />, { preloadedState: loggedIn() });
    await screen.findByText('Arsenal vs Chelsea', {}, { timeout: 5_000 });
    await waitFor(() => expect(api.pulseRequests()).toBeGreaterThanOrEqual(1));
    const others = () => api.requests.filter((r) => r.path !== '/api/odds/pulse').length;
    const before = { pulses: api.pulseRequests(), others: others() };
    await waitFor(() => expect(api.pulseRequests()).toBeGreaterThanOrEqual(before.pulses + 2), { timeout: 6_000 });
    expect(others()).toBe(before.others);
    expect(api.oddsRequests()).toHaveLength(1);
    expect(api.sourcesRequests()).toBe(1);
  });

  it('asks again only for the part whose version moved', async () => {
    let beat = 0;
    api = dashboardApi({
      pulse: () => {
        beat += 1;
        // The second beat moves the books' health only.
        return ok({ odds: 7, summary: '"s1"', sources: beat >= 2 ? 't2' : 't1', unread: 0 });
      },
    });
    renderWithProviders(<DashboardPage pollingIntervalMs={BEAT_MS} />, { preloadedState: loggedIn() });
    await screen.findByText('Arsenal vs Chelsea', {}, { timeout: 5_000 });
    await waitFor(() => expect(api.sourcesRequests()).toBe(2), { timeout: 6_000 });
    expect(api.oddsRequests()).toHaveLength(1);
    expect(api.requests.filter((r) => r.path === '/api/odds/summary')).toHaveLength(1);
  });

  it('polls every 30 seconds by default', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    api = dashboardApi();
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await act(() => jest.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(api.oddsRequests()).toHaveLength(1), { timeout: 50 });
    await act(() => jest.advanceTimersByTimeAsync(29_000));
    expect(api.oddsRequests()).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1_200));
    expect(api.oddsRequests()).toHaveLength(2);
  });

  it('keeps the shown list, without a spinner, while a refresh is in flight', async () => {
    let release: (reply: MockReply) => void = () => {};
    const first = ok({ events: [oddsEvent({ name: 'Napoli vs Roma' })], source: 'demo' });
    api = dashboardApi({
      odds: () => (api.oddsRequests().length === 1 ? first : new Promise<MockReply>((resolve) => (release = resolve))),
    });
    renderWithProviders(<DashboardPage pollingIntervalMs={BEAT_MS} />, { preloadedState: loggedIn() });
    await screen.findByText('Napoli vs Roma', {}, { timeout: 5_000 });
    await waitFor(() => expect(api.oddsRequests()).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Matches' })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Napoli vs Roma')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    release(first);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Matches' })).toHaveAttribute('aria-busy', 'false'));
  });

  it('clears the list when a poll fails', async () => {
    let reply: MockReply = ok({ events: [oddsEvent({ name: 'Juventus vs Milan' })], source: 'demo' });
    api = dashboardApi({ odds: () => reply });
    renderWithProviders(<DashboardPage pollingIntervalMs={BEAT_MS} />, { preloadedState: loggedIn() });
    await screen.findByText('Juventus vs Milan', {}, { timeout: 5_000 });
    reply = serverError;
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load odds data');
    expect(screen.queryByText('Juventus vs Milan')).not.toBeInTheDocument();
  });
});
