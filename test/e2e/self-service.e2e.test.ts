/**
 * Account self-service and the code steps in the browser, on a 360×740 phone against the real server: logout ends the session on
 * the server (a copied refresh token no longer refreshes), the profile's change password, download
 * my data and delete account, the Reset dialog's Resend code and Back, and an unverified login with
 * and without a freshly sent code.
 */
import { readFile } from 'node:fs/promises';
import { type Page } from 'playwright-core';
import { newAccount, registerAccount, verifiedAccount, type Account } from './support/accounts';
import { DIALOG, logIn, openLoginDialog } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { atPath, button, eventually, fill, heading, noDialog, openDialog, see, storedSession } from './support/ui';

const app = useApp();
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function refreshWith(refreshToken: string): Promise<number> {
  const response = await fetch(app.url('/api/users/refresh'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  return response.status;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function openProfile(page: Page, account: Account): Promise<void> {
  await page.goto('/about');
  await logIn(page, account);
  await page.goto('/profile');
  await heading(page, 'Your profile', 1);
  await see(page.getByRole('main'), account.email);
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

journey(
  app,
  'logout ends the session on the server: a copied refresh token no longer refreshes',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('leaver'));
    await page.goto('/about');
    await logIn(page, account);
    const copied = (await storedSession(page))?.refreshToken ?? '';
    expect(copied).not.toBe('');

    await button(page.getByRole('banner'), 'Account').click();
    const drawer = page.getByRole('dialog');
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/users/logout'));
    await button(drawer, 'Logout').click();
    expect((await loggedOut).status()).toBe(204);
    await atPath(page, '/');
    expect(await storedSession(page)).toBeNull();
    expect(await refreshWith(copied)).toBe(401);
  },
  { context: PHONE },
);

journey(
  app,
  'profile: change password at 360 px, then only the new one logs in',
  async ({ page, watch }) => {
    watch.allow({ url: '/api/users/login', status: 401 }, { url: '/api/users/me/password', status: 400 });
    const account = await verifiedAccount(app, newAccount('changer'));
    await openProfile(page, account);
    await noSidewaysScroll(page);
    const form = card(page, 'Change password');
    await fill(form, 'Current Password', account.password);
    await fill(form, 'New Password', 'password1');
    await fill(form, 'Confirm New Password', 'password1');
    await button(form, 'Change password').click();
    await see(form, 'This password is too common. Please choose another.');

    const next = `${account.password}-new`;
    await fill(form, 'New Password', next);
    await fill(form, 'Confirm New Password', next);
    await button(form, 'Change password').click();
    await see(form, 'Your password has been changed. Every other session has been logged out.');
    await noSidewaysScroll(page);

    await button(page.getByRole('banner'), 'Account').click();
    await button(page.getByRole('dialog'), 'Logout').click();
    await atPath(page, '/');
    const login = await openLoginDialog(page);
    await fill(login, 'Username', account.username);
    await fill(login, 'Password', account.password);
    await button(login, DIALOG.login.submit).click();
    await see(login, 'Invalid username or password. Please check your credentials and try again.');
    await fill(login, 'Password', next);
    await button(login, DIALOG.login.submit).click();
    await atPath(page, '/dashboard');
  },
  { context: PHONE },
);

journey(
  app,
  'profile: download my data saves the JSON of the account',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('reader'));
    await openProfile(page, account);
    const downloading = page.waitForEvent('download');
    await button(card(page, 'Download my data'), 'Download my data').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^oddsmate-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as {
      account: { username: string; email: string };
      sessions: unknown[];
    };
    expect(saved.account).toMatchObject({ username: account.username, email: account.email });
    expect(saved.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(saved)).not.toContain(account.password);
  },
  { context: PHONE, timeoutMs: 60_000 },
);

journey(
  app,
  'profile: delete account asks for the password, then lands on / with the notice and the login is gone',
  async ({ page, watch }) => {
    watch.allow({ url: '/api/users/me', status: 403 }, { url: '/api/users/login', status: 401 });
    const account = await verifiedAccount(app, newAccount('goner'));
    await openProfile(page, account);
    const copied = (await storedSession(page))?.refreshToken ?? '';
    const danger = card(page, 'Delete account');
    await button(danger, 'Delete account').click();
    await fill(danger, 'Password', 'not-my-password');
    await button(danger, 'Delete my account').click();
    await see(danger, 'Your current password is not correct.');
    await noSidewaysScroll(page);

    await fill(danger, 'Password', account.password);
    await button(danger, 'Delete my account').click();
    await atPath(page, '/');
    await see(page.getByRole('main'), 'Your account and the data stored about you have been deleted.');
    expect(await storedSession(page)).toBeNull();
    expect(await refreshWith(copied)).toBe(401);

    const login = await openLoginDialog(page);
    await fill(login, 'Username', account.username);
    await fill(login, 'Password', account.password);
    await button(login, DIALOG.login.submit).click();
    await see(login, 'Invalid username or password. Please check your credentials and try again.');
  },
  { context: PHONE },
);

journey(
  app,
  'reset: Resend code counts down from the sent code, Back returns, asking again opens the code step',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('forgetful'));
    await page.goto('/about');
    const login = await openLoginDialog(page);
    await button(login, DIALOG.login.forgotLink).click();
    const forgot = await openDialog(page, DIALOG.forgot.title);
    const since = Date.now();
    await fill(forgot, 'Email', account.email);
    await button(forgot, DIALOG.forgot.submit).click();
    await see(forgot, 'Reset instructions sent', { exact: false });
    await button(forgot, 'Enter Verification Code').click();
    const reset = await openDialog(page, DIALOG.reset.title);
    const resend = reset.getByRole('button', { name: /^Resend in \d+s$/ });
    expect(await resend.isDisabled()).toBe(true);

    // Back to the e-mail form; asking again within the cooldown opens the code step, not an error.
    await button(reset, 'Back').click();
    const again = await openDialog(page, DIALOG.forgot.title);
    await fill(again, 'Email', account.email);
    await button(again, DIALOG.forgot.submit).click();
    const codeStep = await openDialog(page, DIALOG.reset.title);
    await see(codeStep, `We already sent a code to ${account.email} a moment ago.`, { exact: false });
    await see(codeStep, /^Resend in \d+s$/);
    await noSidewaysScroll(page);

    // The code held all along still resets the password.
    const code = await app.mail.waitForCode(account.email, { since });
    await fill(codeStep, 'Verification Code', code);
    await fill(codeStep, 'Password', `${account.password}-2`);
    await fill(codeStep, 'Confirm Password', `${account.password}-2`);
    await button(codeStep, DIALOG.reset.submit).click();
    await atPath(page, '/dashboard');
    await noDialog(page);
  },
  { context: PHONE },
);

journey(
  app,
  'unverified login: without a new code it says so, once the cooldown ends a login sends one',
  async ({ page, watch }) => {
    watch.allow({ url: '/api/users/login', status: 403 });
    const account = await registerAccount(app, newAccount('unsure'));
    const registeredAt = Date.now();
    await page.goto('/about');
    let login = await openLoginDialog(page);
    await fill(login, 'Username', account.username);
    await fill(login, 'Password', account.password);
    await button(login, DIALOG.login.submit).click();
    let verify = await openDialog(page, DIALOG.verify.title);
    await see(verify, 'We did not send a new code just now', { exact: false });
    expect(await verify.getByText('We sent a 6-digit', { exact: false }).count()).toBe(0);
    expect(await verify.getByRole('button', { name: /^Resend in \d+s$/ }).isDisabled()).toBe(true);
    await noSidewaysScroll(page);

    // After the cooldown a login mails a fresh code, and the dialog says so with the countdown running.
    await page.waitForTimeout(Math.max(0, registeredAt + 61_000 - Date.now()));
    await button(verify, DIALOG.verify.back).click();
    login = await openDialog(page, DIALOG.login.title);
    const since = Date.now();
    await fill(login, 'Username', account.username);
    await fill(login, 'Password', account.password);
    await button(login, DIALOG.login.submit).click();
    verify = await openDialog(page, DIALOG.verify.title);
    await see(verify, `We sent a 6-digit verification code to ${account.email}`, { exact: false });
    const countdown = await eventually('the countdown', () =>
      verify.getByRole('button', { name: /^Resend in \d+s$/ }).innerText(),
    );
    expect(countdown).toMatch(/^Resend in (60|5\d)s$/);
    const code = await app.mail.waitForCode(account.email, { since });
    await fill(verify, 'Verification Code', code);
    await button(verify, DIALOG.verify.submit).click();
    await openDialog(page, DIALOG.welcome.title);
  },
  { context: PHONE, timeoutMs: 150_000 },
);

journey(app, 'an unknown URL answers 404 with the not-found page', async ({ page, watch }) => {
  watch.allow({ url: '/no-such-page', status: 404 });
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await heading(page, 'Page not found', 1);
});
