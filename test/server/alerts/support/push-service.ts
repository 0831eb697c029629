/**
 * A local Web Push service for tests: the `web-push-testing` package's server in a child process
 * on a free port. It checks the VAPID Authorization header against the subscription's
 * application server key and decrypts each aes128gcm message, so what it lists is what a
 * browser would have shown.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface PushService {
  /** A new browser subscription for the VAPID public key, as `PushSubscription.toJSON()` gives it. */
  subscribe(applicationServerKey: string): Promise<{
    clientHash: string;
    json: { endpoint: string; keys: { p256dh: string; auth: string } };
  }>;
  /** The decrypted payloads the subscription received, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** From now on the service answers 410 Gone for the subscription. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPushService(): Promise<PushService> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('web-push-testing/src/bin/server.js'), String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('push service did not start')), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Server running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`push service exited with ${code}`)));
  });
  const base = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${text}`);
    return response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  };
  return {
    async subscribe(applicationServerKey) {
      const { data } = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      const { clientHash, ...json } = data;
      return { clientHash, json };
    },
    async messages(clientHash) {
      const { data } = await post('/get-notifications', { clientHash });
      return data.messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
