/**
 * QA's loop end to end: a person signs up, uses the dashboard and sends feedback in a
 * real browser; the action log exported from that page (Ctrl+Shift+L and
 * `window.oddsmate.exportActionLog()`) is replayed with `npm run replay`, which must rebuild the
 * same state (secrets aside) and render the same dashboard the person saw.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page } from 'playwright-core';
import { newAccount } from './support/accounts';
import { DIALOG, enterCode, openRegisterDialog, submitRegistration } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { atPath, button, link, noDialog, openDialog, see, storedSession } from './support/ui';

const app = useApp();
const dir = mkdtempSync(path.join(tmpdir(), 'oddsmate-replay-e2e-'));

async function drawer(page: Page, name: string): Promise<void> {
  await button(page.getByRole('banner'), 'Account').click();
  const nav = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Account' }) });
  await link(nav, name).click();
}

async function dashboardShown(page: Page): Promise<void> {
  await atPath(page, '/dashboard');
  await page.getByRole('region', { name: 'Matches' }).locator('.event-card').first().waitFor();
}

function replay(file: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file, ...args], {
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, TZ: '' },
  });
  if (run.status !== 0) throw new Error(`replay exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** What a page's main region reads, whitespace-normalized. */
const mainText = (page: Page) =>
  page.evaluate(() => (document.querySelector('main')?.innerText ?? '').replace(/\s+/g, ' ').trim());

journey(app, 'a session exported from the browser replays to the same state and dashboard', async ({ page }) => {
  const account = newAccount('replay');
  await page.goto('/nigeria');
  const register = await openRegisterDialog(page);
  const since = Date.now();
  const verify = await submitRegistration(page, register, account);
  const code = await enterCode(app, verify, account.email, since);
  await button(await openDialog(page, DIALOG.welcome.title), 'Get Started').click();
  await dashboardShown(page);
  await noDialog(page);

  await drawer(page, 'Feedback');
  await atPath(page, '/feedback');
  const main = page.getByRole('main');
  await main.getByRole('textbox').fill('Replays make bug reports easy.');
  await button(main, 'Submit Feedback').click();
  await see(main, 'Thank you for your feedback! It helps us make OddsMate better.');
  await drawer(page, 'Home');
  await dashboardShown(page);

  // The keyboard shortcut saves a file; nothing secret is in it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Shift+L')]);
  expect(download.suggestedFilename()).toMatch(/^oddsmate-action-log-.*\.json$/);
  const saved = path.join(dir, 'shortcut.json');
  await download.saveAs(saved);
  const text = readFileSync(saved, 'utf8');
  const session = await storedSession(page);
  expect(session?.token).toBeTruthy();
  const ak = JSON.parse(Buffer.from(session!.token.split('.')[1]!, 'base64url').toString()).ak as string;
  expect(ak).toBeTruthy();
  for (const secret of [account.password, code, session!.token, session!.refreshToken, ak])
    expect(text).not.toContain(secret);
  expect(JSON.parse(text)).toMatchObject({ format: 'oddsmate-action-log', timeZone: 'Africa/Lagos' });

  // The log and the screen at one instant, once the list has rendered its last card (it renders a
  // few cards per task; a replay renders all at once), then the replay of that log.
  const live = await page.evaluate(async () => {
    while (document.querySelector('main [aria-busy="true"]')) await new Promise((resolve) => setTimeout(resolve, 20));
    return {
      log: window.oddsmate!.exportActionLog(),
      main: (document.querySelector('main')?.innerText ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
  const file = path.join(dir, 'session.json');
  writeFileSync(file, JSON.stringify(live.log));
  const html = path.join(dir, 'session.html');
  const png = path.join(dir, 'session.png');
  const out = replay(file, '--html', html, '--screenshot', png, '--errors');
  // The dashboard keeps its view in the address (docs/product.md#screens).
  expect(out).toMatch(/^Route: +\/dashboard\?league=1&market=1$/m);
  expect(out).toMatch(/^Dialogs: +none$/m);
  expect(out).toContain(`Auth:       logged in as ${account.username}`);
  expect(out).toMatch(/^Dashboard: +competition 1 Premier League, market 1 1X2$/m);
  expect(out).toContain('State check: same as the exported state');
  expect(out).toContain('Error codes in the log (0):');
  expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');

  const view = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Africa/Lagos' });
  try {
    const replayed = await view.newPage();
    await replayed.setContent(readFileSync(html, 'utf8'));
    expect(await mainText(replayed)).toBe(live.main);
    expect(live.main).toContain('Premier League');
  } finally {
    await view.close();
  }
});
