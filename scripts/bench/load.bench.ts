/**
 * `npm run bench:load`: load through the server `npm start` runs — a separate process running
 * src/server/server.ts with its defaults (SQLite file, demo feed, info logging) — with autocannon
 * at 200 connections for 30 s against the public summary and sample and the signed odds call.
 * Prints requests/s, p50/p99 latency, errors (target 0) and the server's peak RSS (VmHWM).
 * Per-IP limits are off: every request comes from one address here, which a real crowd does not.
 * A benchmark that prints figures, not a test. BENCH_DURATION_S / BENCH_CONNECTIONS adjust it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { decodeJwtClaims } from '@shared/jwt';
import { oddsSignature } from '@shared/signature';
import { accessTokenKey, signAccessToken } from '../../src/server/modules/accounts/access-token';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Peak and current resident set of a process, in MB (Linux /proc). */
function residentMb(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-load-'));
  const jwtSecret = randomBytes(48).toString('base64url');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: jwtSecret, RATE_LIMITS: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    await waitFor('the server', async () => ((await fetch(`${base}/ready`)).ok ? true : undefined));
    const summary = await waitFor('demo odds', async () => {
      const body = (await (await fetch(`${base}/odds/summary?country=1`)).json()) as { data: { numEvents: number } };
      return body.data.numEvents > 0 ? body.data : undefined;
    });
    const token = await signAccessToken(
      accessTokenKey(jwtSecret),
      { id: 'load', username: 'load', country: 1 },
      Date.now(),
      3600,
    );
    const ak = String(decodeJwtClaims(token)?.ak);
    const targets = [
      ['GET /api/odds/summary', `${base}/odds/summary?country=1`, {}],
      ['GET /api/odds/sample', `${base}/odds/sample?country=nigeria`, {}],
      [
        'GET /api/odds (signed)',
        `${base}/odds?country=1&competition=1&market=1&k=${oddsSignature(ak, 1, 1, 1)}`,
        { authorization: `Bearer ${token}` },
      ],
    ] as const;
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `server: npm start's server on :${port}, demo feed (${summary.numEvents} events), SQLite, info logging`,
    );
    console.log(`${CONNECTIONS} connections, ${DURATION_S} s per endpoint:`);
    let errors = 0;
    for (const [name, url, headers] of targets) {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { ...headers } });
      const failed = result.non2xx + result.errors + result.timeouts;
      errors += failed;
      console.log(
        `  ${name.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${failed}`,
      );
    }
    const rss = residentMb(server.pid!);
    console.log(
      `server RSS: peak ${rss.peak.toFixed(0)} MB, now ${rss.now.toFixed(0)} MB; errors in all: ${errors} (target 0)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

main().catch((error: unknown) => {
  console.error(`bench:load: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
