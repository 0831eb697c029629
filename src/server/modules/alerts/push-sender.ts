/**
 * Web Push delivery: `web-push` builds the encrypted request
 * (aes128gcm body, VAPID Authorization header) and this module sends it with fetch, with a
 * time limit. Which endpoints may be contacted at all is push-endpoint.ts's decision, made
 * before every send.
 */
import webpush from 'web-push';
import type { VapidConfig } from '../../core/config';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service said: delivered, gone (404/410: forget the subscription) or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

const PUSH_TIMEOUT_MS = 10_000;
const PUSH_TTL_S = 6 * 3600;
export async function sendPush(vapid: VapidConfig, target: PushTarget, payload: string): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    },
  );
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return 'gone';
  return response.status >= 200 && response.status < 300 ? 'sent' : 'failed';
}
