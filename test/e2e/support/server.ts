/**
 * Starts the real server (`src/server/server.ts`, as `npm run serve` does) on a free port with a
 * fresh SQLite database in a temporary data directory, the demo feed and mail sent to the test's
 * SMTP capture. Every started server is stopped at the end of its file and, failing that, when
 * the test process exits (the child guard also ends it if this process dies).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ServerOptions {
  smtpUrl: string;
  /** Extra or overriding environment variables (ACCESS_TOKEN_TTL_S, OTP_TTL_S, ...). */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  log(): string;
  stop(): Promise<void>;
}

export const ROOT = path.resolve(__dirname, '../../..');
export const RESULTS_DIR = path.join(ROOT, 'test-results');
export const DEMO_SEED = '20261121';

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer({ smtpUrl, env = {} }: ServerOptions): Promise<RunningServer> {
  installExitHook();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oddsmate-e2e-'));
  const chunks: string[] = [];
  const child = spawn(
    process.execPath,
    [path.join(__dirname, 'child-guard.mjs'), process.execPath, '--import', 'tsx', 'src/server/server.ts'],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'oddsmate.sqlite')}`,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        SMTP_URL: smtpUrl,
        ODDS_FEED: 'demo',
        DEMO_SEED,
        DEMO_TICK_S: '30',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'info',
        WEB_ROOT: path.join(ROOT, 'dist/web'),
        ...env,
      },
    },
  );
  running.add(child);
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));

  const url = `http://127.0.0.1:${port}`;
  const log = () => chunks.join('');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, log, stop };
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} while starting:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server did not answer /api/health within 60 s:\n${log()}`);
}

/** Writes a text artifact under test-results/ (created on demand) and returns its path. */
export function saveArtifact(name: string, content: string | Buffer): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  writeFileSync(file, content);
  return file;
}

/** A file-system-safe name for a test. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);
}
