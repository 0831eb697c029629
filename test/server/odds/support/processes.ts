/**
 * Child processes for tests that need real ones: the import CLI, API servers sharing one
 * database, an ingest killed mid-transaction. Each runs TypeScript through tsx, as npm does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_JWT_SECRET } from '../../support/test-app';

export const ROOT = path.resolve(__dirname, '../../../..');

/** Environment of a child: a private data dir, silent unless told, no feed, limits off. */
export function childEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'oddsmate-child-')),
    SERVE_WEB: 'off',
    ODDS_FEED: 'none',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

export function spawnTs(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env, stdio: 'pipe' });
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export function runTs(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  return finished(spawnTs(script, args, env));
}

/** Resolves with the first stdout line matching `pattern` (rejects on exit or timeout). */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}: ${errors}`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${pattern}: ${errors}`));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `src/server/server.ts` on a free port; resolves once it listens. */
export async function startServer(env: NodeJS.ProcessEnv, args: string[] = []): Promise<ServerProcess> {
  const child = spawnTs('src/server/server.ts', args, { ...env, PORT: '0', LOG_LEVEL: 'info' });
  const match = await waitForLine(child, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
  return {
    url: match[1] as string,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
