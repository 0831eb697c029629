/**
 * The main journey of a new visitor: landing → Nigeria → 'Get Started Free' →
 * register → the code from the e-mail → Welcome → dashboard → league and market → profile →
 * help → feedback → logout, asserting at every step what the person sees.
 */
import { type Locator, type Page } from 'playwright-core';
import { newAccount } from './support/accounts';
import { DIALOG, enterCode, submitRegistration } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import {
  atPath,
  button,
  dontSee,
  eventually,
  heading,
  link,
  noDialog,
  openDialog,
  see,
  storedSession,
} from './support/ui';

const app = useApp();

/** The summary bar's counters as shown: label → text. */
async function summaryCounters(page: Page): Promise<Record<string, string>> {
  const bar = page.locator('dl').filter({ has: page.getByText('Betting Sites', { exact: true }) });
  await bar.waitFor();
  await eventually(
    'summary counters',
    () => bar.getAttribute('aria-busy'),
    (busy) => busy !== 'true',
  );
  return bar.evaluate((dl) => {
    const out: Record<string, string> = {};
    dl.querySelectorAll('dt').forEach((dt) => {
      out[dt.textContent?.trim() ?? ''] = dt.nextElementSibling?.textContent?.trim() ?? '';
    });
    return out;
  });
}

/** The match cards of the odds area once loaded. */
async function matchCards(page: Page): Promise<Locator> {
  const cards = page.getByRole('region', { name: 'Matches' }).locator('.event-card');
  await cards.first().waitFor();
  return cards;
}

async function columnHeaders(card: Locator): Promise<string[]> {
  return (await card.getByRole('table').first().locator('thead th').allInnerTexts()).map((t) => t.trim());
}

async function openDrawerLink(page: Page, name: string): Promise<void> {
  await button(page.getByRole('banner'), 'Account').click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Account' }) });
  await drawer.waitFor();
  await (name === 'Logout' ? button(drawer, name) : link(drawer, name)).click();
}

journey(app, 'a visitor signs up from the Nigeria page and uses every logged-in page', async ({ page }) => {
  const account = newAccount('newfan');

  // Landing → the Nigeria card → two sample matches → Get Started Free.
  await page.goto('/');
  await heading(page, 'Get the best football odds in Nigeria, every time', 1);
  await page
    .getByRole('region', { name: 'Choose your region' })
    .getByRole('link', { name: /^Nigeria\b/ })
    .click();
  await atPath(page, '/nigeria');
  const preview = page.getByRole('region', { name: 'Sample matches' }).locator('.event-card');
  await preview.nth(1).waitFor();
  expect(await preview.count()).toBe(2);
  await button(page.getByRole('main'), 'Get Started Free').first().click();

  // Register → verification (registration context) with the code from the e-mail → Welcome.
  const register = await openDialog(page, DIALOG.register.title);
  const since = Date.now();
  const verify = await submitRegistration(page, register, account);
  await see(verify, account.email, { exact: false });
  const mail = await app.mail.waitForMail(account.email, { since });
  expect(mail.subject).toMatch(/\S/);
  await enterCode(app, verify, account.email, since);
  const welcome = await openDialog(page, DIALOG.welcome.title);
  await button(welcome, 'Get Started').click();
  await atPath(page, '/dashboard');
  await noDialog(page);

  // The floating feedback shortcut shows only when logged in.
  await page.getByRole('link', { name: 'Send feedback' }).waitFor();
  const session = await storedSession(page);
  expect(session?.user).toMatchObject({ username: account.username, email: account.email, country: '1' });

  // Dashboard: the summary bar matches the API, Odds in Nigerian-locale digits.
  const summary = (await (await fetch(app.url('/api/odds/summary?country=1'))).json()) as {
    data: { numEvents: number; numBookmakers: number; marketIds: number[]; numOdds: number };
  };
  const counters = await summaryCounters(page);
  expect(counters).toEqual({
    Games: String(summary.data.numEvents),
    'Betting Sites': '5',
    Markets: String(summary.data.marketIds.length),
    Odds: expect.stringMatching(/^\d{1,3}(,\d{3})*$/),
  });
  expect(Number(counters.Odds!.replace(/,/g, ''))).toBeGreaterThan(100);

  // The first league and market are preselected and their matches shown.
  const league = page.getByLabel('Select League');
  const market = page.getByLabel('Select Market');
  expect(await league.locator('option:checked').innerText()).toBe('Premier League');
  expect(await market.locator('option:checked').innerText()).toBe('1X2 · Match result');
  // The cards of a one-league view leave the league to 'Select League' (docs/product.md#screens).
  let cards = await matchCards(page);
  expect(await columnHeaders(cards.first())).toEqual(['Bookmaker', 'Home', 'Draw', 'Away', 'Ov']);
  const premierLeague = await cards.getByRole('heading', { level: 3 }).allInnerTexts();
  expect(premierLeague.length).toBeGreaterThan(0);

  // Another league (other matches, its id in the address) and another market.
  await league.selectOption({ label: 'La Liga' });
  await page.waitForURL(/league=2&/);
  cards = await matchCards(page);
  await eventually(
    'La Liga matches in place of the Premier League ones',
    () => cards.first().getByRole('heading', { level: 3 }).innerText(),
    (name) => !premierLeague.includes(name),
  );
  await market.selectOption({ label: 'BTTS · Both teams to score' });
  await eventually(
    'BTTS columns',
    () => columnHeaders(cards.first()),
    (h) => h.join() === 'Bookmaker,Yes,No,Ov',
  );
  await market.selectOption({ label: 'DC · Double chance' });
  await eventually(
    'DC columns',
    () => columnHeaders(cards.first()),
    (h) => h.join() === 'Bookmaker,1X,12,X2,Ov',
  );

  // Profile: username, e-mail and country as a label.
  await openDrawerLink(page, 'Profile');
  await atPath(page, '/profile');
  const main = page.getByRole('main');
  await heading(main, 'Your profile', 1);
  await see(main, account.username);
  await see(main, account.email);
  await see(main, 'Nigeria');
  await see(main, 'Member since');

  // Help: how to read the tables, the glossary and the margin legend.
  await openDrawerLink(page, 'Help');
  await atPath(page, '/help');
  await heading(main, 'How to read the odds', 1);
  for (const text of ['Green up arrow', 'Red down arrow', 'Lightning bolt', 'Bold yellow number'])
    await see(main, text, { exact: false });
  for (const term of ['1X2', 'Over/Under', 'BTTS', 'Double Chance (1X, 12, X2)']) await see(main, term);
  for (const margin of ['5%', '10%', '15%']) await see(main, margin);

  // Feedback: the counter follows the text; the thank-you message replaces it.
  await openDrawerLink(page, 'Feedback');
  await atPath(page, '/feedback');
  await heading(main, 'Send us feedback', 1);
  await see(main, 'Feedback is anonymous', { exact: false });
  expect(await main.getByRole('textbox').getAttribute('rows')).toBe('10');
  expect(await button(main, 'Submit Feedback').isDisabled()).toBe(true);
  await see(main, '0/2000');
  const message = 'The BTTS table is exactly what I needed. Please add corners!';
  await main.getByRole('textbox').fill(`  ${message}  `);
  await see(main, `${message.length + 4}/2000`);
  await button(main, 'Submit Feedback').click();
  await see(main, 'Thank you for your feedback! It helps us make OddsMate better.');
  expect(await main.getByRole('textbox').inputValue()).toBe('');

  // Coming back to a prerendered page while logged in: it hydrates, then offers the dashboard.
  await page.goto('/nigeria');
  await heading(page, 'Compare football odds in Nigeria', 1);
  await link(page.getByRole('main'), 'Open Dashboard').first().click();
  await atPath(page, '/dashboard');
  await page.goto('/');
  await see(page.getByRole('banner'), 'Account');

  // The brand goes to the dashboard while logged in.
  await page.getByRole('banner').getByRole('link', { name: 'OddsMate' }).click();
  await atPath(page, '/dashboard');

  // Logout: back at / with the Login button, the session gone.
  await openDrawerLink(page, 'Logout');
  await atPath(page, '/');
  await see(page.getByRole('banner'), 'Login');
  await dontSee(page.getByRole('banner'), 'Account');
  expect(await storedSession(page)).toBeNull();
  expect(await page.getByRole('link', { name: 'Send feedback' }).count()).toBe(0);
});
