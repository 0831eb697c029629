import { screen, waitFor } from '@testing-library/react';
import { AlertDelivery } from '../../../src/client/features/profile/alert-delivery';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { mockApi, type MockApi, type MockHandler } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn, ok } from '../dashboard/dashboard-support';

jest.setTimeout(20_000);

let api: MockApi;
const ENDPOINT = 'https://push.example.test/sub/1';
const KEY = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';

/** The browser's push stand-ins: permission answer, service worker, push manager. */
function installPush(permission: NotificationPermission) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth1' } }),
    unsubscribe: jest.fn(async () => true),
  };
  let current: typeof subscription | null = null;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async () => (current = subscription)),
  };
  const registration = { pushManager };
  Object.assign(globalThis, {
    PushManager: function PushManager() {},
    Notification: { permission: 'default', requestPermission: jest.fn(async () => permission) },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: jest.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: jest.fn(async () => registration),
    },
  });
  return { pushManager, subscription };
}

afterEach(() => {
  api?.restore();
  Reflect.deleteProperty(globalThis, 'PushManager');
  Reflect.deleteProperty(globalThis, 'Notification');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function settingsServer(vapidPublicKey: string | null = KEY, push = false) {
  let settings = { inApp: true, email: true, push };
  const put: MockHandler = (request) => {
    settings = request.body as typeof settings;
    return ok({ settings, vapidPublicKey });
  };
  api = mockApi()
    .on('GET /api/users/me/alert-settings', () => ok({ settings, vapidPublicKey }))
    .on('PUT /api/users/me/alert-settings', put)
    .on('POST /api/users/me/push-subscriptions', { status: 201, body: { data: {} } })
    .on('DELETE /api/users/me/push-subscriptions', { status: 204 });
  return { settings: () => settings };
}

describe('alert delivery switches', () => {
  it('switches e-mail off on the server', async () => {
    const server = settingsServer();
    const { user } = renderWithProviders(<AlertDelivery />, { preloadedState: loggedIn() });
    const email = await screen.findByRole('switch', { name: 'By e-mail' });
    expect(email).toBeChecked();
    expect(screen.getByRole('switch', { name: 'In the app (the bell)' })).toBeChecked();
    await user.click(email);
    await waitFor(() => expect(server.settings()).toEqual({ inApp: true, email: false, push: false }));
    expect(await screen.findByRole('switch', { name: 'By e-mail' })).not.toBeChecked();
  });

  it('push asks for permission, subscribes with the VAPID key and sends the subscription', async () => {
    const server = settingsServer();
    const { pushManager, subscription } = installPush('granted');
    const { user } = renderWithProviders(<AlertDelivery />, { preloadedState: loggedIn() });
    await user.click(await screen.findByRole('switch', { name: 'Push notifications on this device' }));
    await waitFor(() => expect(server.settings().push).toBe(true));
    expect(navigator.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = pushManager.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }];
    expect(options[0].applicationServerKey).toHaveLength(65);
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p256', auth: 'auth1' },
    });

    await user.click(await screen.findByRole('switch', { name: 'Push notifications on this device', checked: true }));
    await waitFor(() => expect(server.settings().push).toBe(false));
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(api.requests.find((r) => r.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
  });

  it("reads off on a device that is not subscribed, although the account's push is on", async () => {
    // The account subscribed another device; this browser supports push but holds no subscription.
    const server = settingsServer(KEY, true);
    const { pushManager } = installPush('granted');
    const { user } = renderWithProviders(<AlertDelivery />, { preloadedState: loggedIn() });
    const push = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(pushManager.getSubscription).toHaveBeenCalled());
    expect(push).not.toBeChecked();
    // Switching it on subscribes this device, and then it reads on.
    await user.click(push);
    expect(
      await screen.findByRole('switch', { name: 'Push notifications on this device', checked: true }),
    ).toBeInTheDocument();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(server.settings().push).toBe(true);
  });

  it('refused permission leaves push off and says how to allow it', async () => {
    const server = settingsServer();
    installPush('denied');
    const { user, store } = renderWithProviders(<AlertDelivery />, { preloadedState: loggedIn() });
    await user.click(await screen.findByRole('switch', { name: 'Push notifications on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Notifications are blocked for this site/);
    expect(server.settings().push).toBe(false);
    expect(screen.getByRole('switch', { name: 'Push notifications on this device' })).not.toBeChecked();
    expect(selectErrorFor(store.getState(), 'alert-settings')?.message).toMatch(/blocked/);
  });

  it('a browser without push says so', async () => {
    settingsServer();
    const { user } = renderWithProviders(<AlertDelivery />, { preloadedState: loggedIn() });
    await user.click(await screen.findByRole('switch', { name: 'Push notifications on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot receive push notifications.');
  });
});
