import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AlertsPage } from '../../../src/client/features/alerts/alerts-page';
import { NotificationBell } from '../../../src/client/features/alerts/notification-bell';
import { mockApi, type MockApi, type MockHandler } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn, ok } from '../dashboard/dashboard-support';
import { EVENT_ID } from '../match/match-support';
import { alertDto, notificationDto } from './alert-fixtures';

jest.setTimeout(20_000);

let api: MockApi;
afterEach(() => api?.restore());

const NOW = Date.parse('2026-11-27T15:00:00Z');

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('my alerts', () => {
  it('lists each alert with its rule and status, and deletes one', async () => {
    let alerts = [
      alertDto({ id: 'a1', atLeast: 2.5, providerId: null }),
      alertDto({
        id: 'a2',
        atLeast: null,
        dropPct: 10,
        providerId: 1,
        includeBoosted: true,
        status: 'fired',
        firedAt: '2026-11-27T14:05:00Z',
        firedValue: 2.55,
        firedProviderId: 2,
      }),
      alertDto({ id: 'a3', name: 'Liverpool vs Everton', status: 'ended' }),
    ];
    const remove: MockHandler = (request) => {
      alerts = alerts.filter((a) => !request.path.endsWith(`/${a.id}`));
      return { status: 204 };
    };
    api = mockApi()
      .on('GET /api/users/me/alerts', () => ok({ alerts }))
      .on('DELETE /api/users/me/alerts/a1', remove);
    const { user } = renderWithProviders(<AlertsPage now={NOW} timeZone="Africa/Lagos" />, {
      preloadedState: loggedIn(),
    });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Arsenal vs ChelseaHome · 1X2≥ 2\.50 · any bookmakerActive/),
      expect.stringMatching(
        /^Arsenal vs ChelseaHome · 1X2drops 10 % · Bet9Ja · boosted includedFired2\.55 at BetKing, Today • 15:05/,
      ),
      expect.stringMatching(/^Liverpool vs Everton.*Ended/),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/match/${EVENT_ID}`,
    );

    await user.click(within(items[0]!).getByRole('button', { name: 'Delete alert: Arsenal vs Chelsea' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/users/me/alerts/a1']);
  });

  it('says how to set one when there is none', async () => {
    api = mockApi().on('GET /api/users/me/alerts', ok({ alerts: [] }));
    renderWithProviders(<AlertsPage now={NOW} />, { preloadedState: loggedIn() });
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
  });
});

function Path() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

describe('the bell', () => {
  afterEach(() => setVisibility('visible'));

  it('shows the unread count, lists fired alerts linking to the match and marks them read', async () => {
    let notifications = [
      notificationDto({
        id: 'n2',
        value: 3.1,
        providerId: 1,
        selectionTypeId: 3,
        bestValue: 3.25,
        bestProviderId: 3,
        at: '2026-11-27T14:30:00Z',
      }),
      notificationDto({ id: 'n1', bestValue: 2.55, bestProviderId: 2 }),
      notificationDto({ id: 'n0', read: true, selectionTypeId: 2, value: 3.4, at: '2026-11-27T13:00:00Z' }),
    ];
    const unread = () => notifications.filter((n) => !n.read).length;
    const read: MockHandler = (request) => {
      const body = request.body as { ids?: string[]; all?: true };
      notifications = notifications.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, read: true } : n));
      return ok({ unread: unread() });
    };
    api = mockApi()
      .on('GET /api/users/me/notifications', () => ok({ notifications, unread: unread() }))
      .on('POST /api/users/me/notifications/read', read);
    const { user } = renderWithProviders(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <NotificationBell pollingIntervalMs={0} />
              <Path />
            </>
          }
        />
      </Routes>,
      { preloadedState: loggedIn() },
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    // The book that moved and the best current price; said once when the mover is the best.
    expect(items[0]).toHaveTextContent('Away is 3.10 at Bet9Ja (best now: 3.25 at SportyBet) · 1X2');
    expect(items[1]).toHaveTextContent('Home is 2.55 at BetKing, the best price now · 1X2');
    expect(items[1]).not.toHaveTextContent('best now:');
    // A notification from before best prices were kept names the mover only.
    expect(items[2]).toHaveTextContent('Draw is 3.40 at BetKing · 1X2');
    expect(items[2]).not.toHaveTextContent(/best/);

    await user.click(within(items[1]!).getByRole('link', { name: 'Arsenal vs Chelsea' }));
    expect(screen.getByTestId('path')).toHaveTextContent(`/match/${EVENT_ID}`);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: ['n1'] });

    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ all: true });
  });

  it('asks on the beat while the tab is visible, not while it is hidden, and catches up on return', async () => {
    let count = 0;
    api = mockApi().on('GET /api/users/me/notifications', () => {
      count += 1;
      return ok({ notifications: [], unread: count });
    });
    renderWithProviders(<NotificationBell pollingIntervalMs={50} />, { preloadedState: loggedIn() });
    await screen.findByRole('button', { name: /Notifications, [2-9] unread/ });
    act(() => setVisibility('hidden'));
    const asked = () => api.requests.length;
    const atHide = asked();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked()).toBeLessThanOrEqual(atHide + 1);
    const whileHidden = asked();
    act(() => setVisibility('visible'));
    await waitFor(() => expect(asked()).toBeGreaterThan(whileHidden));
  });
});
