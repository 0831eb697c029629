/** `npm run replay` as QA runs it: a saved export in, the summary, codes and screen out. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordSession, SECRETS } from './support/record-session';

const dir = mkdtempSync(path.join(tmpdir(), 'oddsmate-replay-cli-'));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

it('prints the summary and every error code, and renders the screen at step N with its dialog', async () => {
  const { exported } = await recordSession();
  const file = path.join(dir, 'session.json');
  writeFileSync(file, JSON.stringify({ ...exported, timeZone: 'Africa/Lagos' }));

  const full = run(file, '--errors');
  expect(full.status).toBe(0);
  expect(full.stdout).toMatch(/^Route: +\/dashboard$/m);
  expect(full.stdout).toMatch(/^Auth: +logged in as ada$/m);
  expect(full.stdout).toContain('State check: same as the exported state');
  expect(full.stdout).toMatch(/Error codes in the log \(3\):\n {2}#5 {2}password {2}\(register\)/);

  const html = path.join(dir, 'verify.html');
  const state = path.join(dir, 'verify-state.json');
  const step = run(file, '--until', '8', '--html', html, '--state', state);
  expect(step.status).toBe(0);
  expect(step.stdout).toMatch(/^Dialogs: +verify, context registration, e-mail ada@example.com/m);
  const page = readFileSync(html, 'utf8');
  expect(page).toMatch(
    /replay of .*session\.json after action 8 at \/ as of 2026-11-21T\d\d:\d\d:\d\d\.\d+Z \(Africa\/Lagos\); open dialog: verify/,
  );
  expect(page).toContain('Verify your email');
  expect(page).not.toContain('<script');
  const saved = JSON.parse(readFileSync(state, 'utf8'));
  expect(saved.dialogs.stack).toEqual([{ name: 'verify', context: 'registration', email: 'ada@example.com' }]);
  expect(saved.errors.bySource.register).toMatchObject({ code: 'password' });
  expect(JSON.stringify(saved)).not.toContain(SECRETS.password);

  const usage = run(file, '--until', 'soon');
  expect(usage.status).toBe(2);
  expect(usage.stderr).toContain('--until takes an action index');
}, 90_000);
