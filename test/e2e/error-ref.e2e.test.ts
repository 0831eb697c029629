/**
 * Support's loop at 360×740: a person meets five different errors (a wrong password, a
 * too-short password, a taken user name, a wrong code, feedback sent offline); each error the
 * server answered shows "Ref …" under the message and that reference finds the request's line
 * in the server log; the exported action log replays with `--strict` to the identical state
 * (docs/qa-replay.md).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Locator, type Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { DIALOG, openLoginDialog } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { expectRejectionLogged } from './support/server-log';
import { atPath, button, fill, link, openDialog, see } from './support/ui';

const app = useApp();
const dir = mkdtempSync(path.join(tmpdir(), 'oddsmate-error-ref-e2e-'));

/** The reference under an alert's message, and that the message itself is unchanged. */
async function refUnder(alert: Locator, message: string | RegExp): Promise<string> {
  const ref = alert.locator('.error-ref');
  await ref.waitFor();
  const text = (await ref.innerText()).trim();
  expect(text).toMatch(/^Ref [0-9A-HJKMNP-TV-Z]{10}$/);
  const full = (await alert.innerText()).replace(text, '').trim();
  if (typeof message === 'string') expect(full).toBe(message);
  else expect(full).toMatch(message);
  return text.slice(4);
}

const expectLogged = (reqId: string, code: string, statusCode: number) =>
  expectRejectionLogged(app, reqId, code, statusCode);

async function drawer(page: Page, name: string): Promise<void> {
  await button(page.getByRole('banner'), 'Account').click();
  const nav = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Account' }) });
  await link(nav, name).click();
}

journey(
  app,
  'five errors at 360×740: references find their log lines, the log replays --strict to the same state',
  async ({ page, context, watch }) => {
    watch.allow(
      { url: '/api/users/login', status: 401 },
      { url: '/api/users/register', status: 409 },
      { url: '/api/users/verify-email', status: 400 },
      { url: '/api/users/feedback', method: 'POST' },
      // A page-view beacon that happens to go out while the browser is offline fails the same way.
      { url: '/api/analytics/events', method: 'POST' },
    );
    const taken = await verifiedAccount(app, newAccount('taken'));
    const account = newAccount('refs');
    await page.goto('/nigeria');

    // 1. A wrong password (the server refuses: a reference).
    const login = await openLoginDialog(page);
    await fill(login, 'Username', taken.username);
    await fill(login, 'Password', 'not-the-password-1');
    await button(login, DIALOG.login.submit).click();
    const wrongPassword = await refUnder(login.getByRole('alert'), /\S/);
    expectLogged(wrongPassword, 'INVALID_USERNAME_OR_PASSWORD', 401);

    // 2. A too-short password (the form's own check: no reference).
    await link(login, DIALOG.login.signUpLink).or(button(login, DIALOG.login.signUpLink)).click();
    const register = await openDialog(page, DIALOG.register.title);
    await fill(register, 'Username', account.username);
    await fill(register, 'Email', account.email);
    await fill(register, 'Password', 'short');
    await fill(register, 'Confirm Password', 'short');
    await button(register, DIALOG.register.submit).click();
    await see(register.getByRole('alert'), 'Password must be at least 8 characters long');
    expect(await register.locator('.error-ref').count()).toBe(0);

    // 3. A taken user name.
    await fill(register, 'Username', taken.username);
    await fill(register, 'Password', account.password);
    await fill(register, 'Confirm Password', account.password);
    await button(register, DIALOG.register.submit).click();
    const takenName = await refUnder(register.getByRole('alert'), /\S/);
    expectLogged(takenName, 'USERNAME_IN_USE', 409);

    // 4. A wrong code, then the right one.
    await fill(register, 'Username', account.username);
    const since = Date.now();
    await button(register, DIALOG.register.submit).click();
    const verify = await openDialog(page, DIALOG.verify.title);
    const code = await app.mail.waitForCode(account.email, { since });
    await fill(verify, 'Verification Code', code === '000000' ? '111111' : '000000');
    await button(verify, DIALOG.verify.submit).click();
    const wrongCode = await refUnder(verify.getByRole('alert'), /\S/);
    expectLogged(wrongCode, 'INVALID_VERIFICATION_CODE', 400);
    await fill(verify, 'Verification Code', code);
    await button(verify, DIALOG.verify.submit).click();
    await button(await openDialog(page, DIALOG.welcome.title), 'Get Started').click();
    await atPath(page, '/dashboard');

    // 5. Feedback sent offline (never reached the server: no reference).
    await drawer(page, 'Feedback');
    await atPath(page, '/feedback');
    const main = page.getByRole('main');
    await main.getByRole('textbox').fill('Sent from a train.');
    await context.setOffline(true);
    await button(main, 'Submit Feedback').click();
    const offline = main.getByRole('alert');
    await see(offline, 'Failed to submit feedback. Please try again.');
    expect(await offline.locator('.error-ref').count()).toBe(0);
    await context.setOffline(false);

    const refs = [wrongPassword, takenName, wrongCode];
    expect(new Set(refs).size).toBe(3);

    // Export, then replay strictly.
    const log = (await page.evaluate(() => window.oddsmate!.getActionLog())) as {
      state: { errors: { bySource: Record<string, { code: string; ref?: string }> } };
    };
    expect(JSON.stringify(log)).not.toContain(account.password);
    expect(JSON.stringify(log)).not.toContain(code);
    for (const ref of refs) expect(JSON.stringify(log)).toContain(`"ref":"${ref}"`);
    expect(log.state.errors.bySource.feedback).toMatchObject({ code: 'NETWORK_ERROR' });
    const file = path.join(dir, 'five-errors.json');
    writeFileSync(file, JSON.stringify(log));
    const written = path.join(dir, 'five-errors-state.json');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/replay.ts', file, '--strict', '--errors', '--state', written],
      { encoding: 'utf8', timeout: 90_000, env: { ...process.env, TZ: '', BUILD_ID: '' } },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Build:      same as this replay's (dist/web)");
    expect(run.stdout).toContain('Actions:    every type known to this build');
    expect(run.stdout).toContain('State check: same as the exported state');
    for (const errorCode of [
      'INVALID_USERNAME_OR_PASSWORD',
      'password',
      'USERNAME_IN_USE',
      'INVALID_VERIFICATION_CODE',
      'NETWORK_ERROR',
    ])
      expect(run.stdout).toContain(`  ${errorCode}  (`);
    expect(JSON.parse(readFileSync(written, 'utf8'))).toEqual(log.state);
  },
  { context: { viewport: { width: 360, height: 740 } }, timeoutMs: 180_000 },
);
