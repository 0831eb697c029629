/**
 * Durability: the real server process is killed with SIGKILL while registrations,
 * feedback and analytics are being written; after a restart the SQLite file passes its
 * integrity check and holds every write the server acknowledged. The restart is then stopped
 * with SIGTERM, which must close cleanly.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from '../../src/server/core/db/sqlite-driver';
import { signAccessToken } from '../../src/server/modules/accounts/access-token';

jest.setTimeout(180_000);

const SECRET = 'durability-secret-durability-secret-0123456';

interface Server {
  child: ChildProcessWithoutNullStreams;
  base: string;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, ...env },
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]!, output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`server exited early:\n${output.join('')}`)));
  });
}

async function post(base: string, url: string, body: unknown, token?: string): Promise<number> {
  const response = await fetch(`${base}${url}`, {
    method: url.endsWith('register') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('durability of acknowledged writes (SQLite)', () => {
  it('keeps every acknowledged write through SIGKILL and restarts with an intact database', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-durability-'));
    const file = path.join(dir, 'oddsmate.sqlite');
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${file}`,
      DATA_DIR: dir,
      JWT_SECRET: SECRET,
      ODDS_FEED: 'none',
      SERVE_WEB: 'off',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
    };
    const first = await startServer(env);

    const key = new TextEncoder().encode(SECRET);
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signAccessToken(key, { id: `writer-${i}`, username: `writer${i}`, country: 1 }, Date.now(), 900),
      ),
    );
    const registered: string[] = [];
    const feedback: string[] = [];
    let analytics = 0;
    let killed = false;
    const ignoreCrash = () => undefined;

    const registrations = Array.from({ length: 6 }, (_, i) => {
      const email = `durable.${i}@example.com`;
      const body = { userName: `durable_${i}`, email, password: 'durable password', country: 1 };
      return post(first.base, '/api/users/register', body).then((s) => {
        if (s === 201 && !killed) registered.push(email);
      }, ignoreCrash);
    });
    const feedbackWriters = tokens.map(async (token, w) => {
      for (let i = 0; i < 10 && !killed; i += 1) {
        const message = `durable feedback ${w}-${i}`;
        const status = await post(first.base, '/api/users/feedback', { message }, token).catch(ignoreCrash);
        if (status === 201 && !killed) feedback.push(message);
      }
    });
    const analyticsWriter = (async () => {
      const events = Array.from({ length: 5 }, () => ({
        name: 'page_view',
        country: 1,
        path: '/',
        at: new Date().toISOString(),
      }));
      while (!killed) {
        const status = await post(first.base, '/api/analytics/events', { events }).catch(ignoreCrash);
        if (status === 202 && !killed) analytics += events.length;
      }
    })();

    while (registered.length < 2 || feedback.length < 60) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    // Counted before the kill landed; anything after `killed` is not claimed as acknowledged.
    const acknowledged = { registered: [...registered], feedback: [...feedback], analytics };
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all([...registrations, ...feedbackWriters, analyticsWriter]);

    const second = await startServer(env);
    const ready = await fetch(`${second.base}/api/ready`);
    expect(ready.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.output.join('')).toContain('shutting down');

    const db = new SqliteDatabase(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const emails = new Set(db.prepare('select email from users').pluck().all() as string[]);
      for (const email of acknowledged.registered) expect(emails.has(email)).toBe(true);
      const messages = new Set(db.prepare('select message from feedback').pluck().all() as string[]);
      for (const message of acknowledged.feedback) expect(messages.has(message)).toBe(true);
      const counted = Number(db.prepare('select coalesce(sum(count), 0) from analytics_daily').pluck().get());
      expect(counted).toBeGreaterThanOrEqual(acknowledged.analytics);
    } finally {
      db.close();
    }
  });
});
