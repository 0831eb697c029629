/* global self, clients */
/**
 * OddsMate's service worker (docs/product.md#bet-slip): it only shows a fired alert's push and opens
 * its match when the notification is tapped. It caches nothing. The push's JSON carries `title`,
 * `body` and `url` (or `eventId`); anything unreadable still shows a notification.
 */
function payloadOf(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

function urlOf(data) {
  if (typeof data.url === 'string' && data.url.startsWith('/')) return data.url;
  if (typeof data.eventId === 'string') return `/match/${encodeURIComponent(data.eventId)}`;
  return '/alerts';
}

self.addEventListener('push', (event) => {
  const data = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'OddsMate', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/favicon.svg',
      data: { url: urlOf(data) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/alerts', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url && 'focus' in client);
      return open ? open.focus() : clients.openWindow(url);
    }),
  );
});
