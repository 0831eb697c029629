/**
 * Accessibility: axe-core finds no violation, of any impact, on any route,
 * logged out and logged in (the dashboard, a match with a price's history and alert form, drops, the
 * tools, alerts, the slip, the bell's panel, a booking code's page), nor in any dialog. axe is injected, so these contexts bypass the CSP
 * (the journeys' own contexts inject nothing). Every finding, whatever its impact, is written to
 * test-results/axe-report.txt.
 */
import { type BrowserContext, type Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { type AxeFinding, describeFindings, isSerious, runAxe } from './support/axe';
import { useApp } from './support/e2e';
import { saveArtifact } from './support/server';
import { atPath, button, fill, heading, openDialog, see } from './support/ui';
import { DIALOG, openLoginDialog, openRegisterDialog } from './support/dialogs';

const app = useApp();
const findings: AxeFinding[] = [];

const PUBLIC_ROUTES = ['/', '/nigeria', '/kenya', '/ghana', '/about', '/terms', '/privacy', '/responsible-gambling'];
const LOGGED_IN_ROUTES: Record<string, string> = {
  '/dashboard': 'Bookmaker',
  '/profile': 'Member since',
  '/help': 'Margin (Ov)',
  '/feedback': 'Submit Feedback',
  '/drops': 'Dropping odds',
  '/tools/surebets': 'Include boosted prices',
  '/tools/value': 'Method',
  '/alerts': 'My alerts',
};

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await app.browser.newContext({ baseURL: app.server.url, bypassCSP: true, timezoneId: 'Africa/Lagos' });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  const all = describeFindings(findings);
  saveArtifact('axe-report.txt', all ? `${all}\n` : 'No violations.\n');
});

async function audit(where: string): Promise<void> {
  // Judged as shown: let dialogs and panels finish coming in (a half-transparent modal fails contrast; a
  // panel half slid in half covers the page's floating button). reactstrap gives a fading element
  // Bootstrap's 'show' only once its wait is over and the CSS transition starts only then, so the page
  // is still when nothing animates and no '.fade' lacks 'show'.
  await page.waitForFunction(
    () =>
      document.querySelector('.fade:not(.show)') === null &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const violations = await runAxe(page);
  findings.push({ where, violations });
  // None at all: serious and critical ones first in the message, but a moderate one (two landmarks
  // of one name) fails too.
  const serious = violations.filter(isSerious);
  expect({ where, serious: describeFindings([{ where, violations: serious }]) }).toEqual({ where, serious: '' });
  expect({ where, any: describeFindings([{ where, violations }]) }).toEqual({ where, any: '' });
}

describe('logged out', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`axe: ${path}`, async () => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (path === '/nigeria') await page.locator('.event-card').nth(1).waitFor();
      await audit(path);
    });
  }

  test('axe: login, register, verify, welcome dialogs', async () => {
    await page.goto('/');
    await openLoginDialog(page);
    await audit('login dialog');
    await page.keyboard.press('Escape');

    const account = newAccount('axe');
    const register = await openRegisterDialog(page);
    await audit('register dialog');
    await fill(register, 'Username', account.username);
    await fill(register, 'Email', account.email);
    await fill(register, 'Password', account.password);
    await fill(register, 'Confirm Password', account.password);
    const since = Date.now();
    await button(register, DIALOG.register.submit).click();
    const verify = await openDialog(page, DIALOG.verify.title);
    await audit('verify dialog');
    const code = await app.mail.waitForCode(account.email, { since });
    await fill(verify, 'Verification Code', code);
    await button(verify, DIALOG.verify.submit).click();
    const welcome = await openDialog(page, DIALOG.welcome.title);
    await audit('welcome dialog');
    await button(welcome, 'Get Started').click();
    await atPath(page, '/dashboard');
    await page.evaluate(() => window.localStorage.clear());
  });

  test('axe: forgot and reset dialogs', async () => {
    const account = await verifiedAccount(app, newAccount('axeforgot'));
    await page.goto('/');
    const login = await openLoginDialog(page);
    await button(login, DIALOG.login.forgotLink).click();
    const forgot = await openDialog(page, DIALOG.forgot.title);
    await audit('forgot dialog');
    await fill(forgot, 'Email', account.email);
    await button(forgot, DIALOG.forgot.submit).click();
    await see(forgot, 'Reset instructions sent', { exact: false });
    await audit('forgot dialog, check your email step');
    await button(forgot, 'Enter Verification Code').click();
    await openDialog(page, DIALOG.reset.title);
    await audit('reset dialog');
    await page.keyboard.press('Escape');
  });
});

describe('logged in', () => {
  beforeAll(async () => {
    const account = await verifiedAccount(app, newAccount('axein'));
    await page.goto('/');
    const login = await openLoginDialog(page);
    await fill(login, 'Username', account.username);
    await fill(login, 'Password', account.password);
    await button(login, DIALOG.login.submit).click();
    await atPath(page, '/dashboard');
  });

  for (const [path, text] of Object.entries(LOGGED_IN_ROUTES)) {
    test(`axe: ${path}`, async () => {
      await page.goto(path);
      await heading(page, /./, 1).catch(() => undefined);
      await see(page.getByRole('main'), text, { exact: false });
      // What the page's calls answer is audited too, not its loading state.
      await page.waitForLoadState('networkidle');
      await audit(path);
    });
  }

  test('axe: a match page, a price’s history and its alert form', async () => {
    await page.goto('/dashboard');
    await page.getByRole('main').getByRole('link', { name: / vs / }).first().click();
    await page.waitForURL(/\/match\//);
    await heading(page, / vs /, 1);
    await page.waitForLoadState('networkidle');
    await audit('match page');
    await page
      .getByRole('button', { name: /Home price history/ })
      .first()
      .click();
    const history = page.getByRole('region', { name: /Price history: / });
    await history.waitFor();
    await page.waitForLoadState('networkidle');
    await audit('price history');
    await button(history, 'Alert me').click();
    await history.getByRole('form', { name: 'Price alert' }).waitFor();
    await audit('price alert form');
  });

  test('axe: the bet slip with a leg, the bell’s panel and a booking code’s page', async () => {
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /Home.*bet slip/ })
      .first()
      .click();
    await button(page.getByRole('banner'), 'Slip (1)').click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByLabel('Stake (₦)').waitFor();
    await page.waitForLoadState('networkidle');
    await audit('bet slip');
    await page.keyboard.press('Escape');
    await slip.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await page.waitForLoadState('networkidle');
    await audit('notifications panel');
    await page.keyboard.press('Escape');
    // No book answers here: the page shows why, with the reference.
    await page.goto('/code/sportybet/ABC123');
    await page.getByRole('alert').locator('.error-ref').waitFor();
    await audit('booking code page');
  });

  test('axe: the account drawer', async () => {
    await page.goto('/dashboard');
    await button(page.getByRole('banner'), 'Account').click();
    await page.getByRole('dialog').waitFor();
    await audit('account drawer');
  });

  test('axe on a 360×740 phone: dashboard and help with the bottom bar', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      for (const [path, text] of [
        ['/dashboard', 'Bookmaker'],
        ['/help', 'Margin (Ov)'],
      ] as const) {
        await page.goto(path);
        await see(page.getByRole('main'), text, { exact: false });
        await page.getByRole('navigation', { name: 'Quick links' }).waitFor();
        await audit(`${path} (phone)`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
});
