/**
 * Web Push on this device: permission, the service worker served from the
 * site root (`/sw.js`) and the subscription made with the server's VAPID public key.
 */
import type { PushSubscriptionRequest } from '@shared/contract/alerts';

export type PushOutcome =
  { ok: true; subscription: PushSubscriptionRequest } | { ok: false; reason: 'denied' | 'unsupported' };

const SERVICE_WORKER = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

/** The VAPID key (base64url) as the bytes `PushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks for permission (if not yet given) and subscribes this device; the subscription to send. */
export async function subscribePush(vapidPublicKey: string): Promise<PushOutcome> {
  if (!pushSupported()) return { ok: false, reason: 'unsupported' };
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidPublicKey),
    }));
  const json = subscription.toJSON();
  return {
    ok: true,
    subscription: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  };
}

/** Whether this device holds a push subscription now (false where push is unsupported). */
export async function devicePushSubscribed(): Promise<boolean> {
  if (!pushSupported()) return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Ends this device's subscription; its endpoint, to tell the server, or null when there was none. */
export async function unsubscribePush(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
