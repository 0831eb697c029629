/**
 * Public pages as an anonymous visitor sees them (docs/product.md#screens): the landing page and its region
 * cards, the Nigeria preview with two sample matches, the coming-soon pages, the legal pages with
 * their Back to Home link, the protected-route redirect, and the prerendered HTML (item 5).
 */
import { type Page } from 'playwright-core';
import { journey, useApp } from './support/e2e';
import { atPath, eventually, heading, link, see } from './support/ui';

const app = useApp();

/** Visible content of each prerendered route: its h1 and a sentence only that page has. */
const PUBLIC_PAGES: Record<string, { h1: string; text: string }> = {
  '/': { h1: 'Get the best football odds in Nigeria, every time', text: 'Choose your region' },
  '/nigeria': { h1: 'Compare football odds in Nigeria', text: 'What you get with a free account' },
  '/kenya': { h1: 'OddsMate is coming to Kenya', text: 'Free to use. Free to register. Best odds.' },
  '/ghana': { h1: 'OddsMate is coming to Ghana', text: 'Free to use. Free to register. Best odds.' },
  '/about': { h1: 'About OddsMate', text: 'Why we built it' },
  '/terms': { h1: 'Terms of Use', text: 'Accuracy of odds' },
  '/privacy': { h1: 'Privacy Policy', text: 'What we store when you register' },
  '/responsible-gambling': { h1: 'Responsible Gambling', text: 'Warning signs' },
};
const KICKOFF = /^(Today|Tomorrow) • \d{2}:\d{2}$|^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ • \d{2}:\d{2}$/;
const PROVIDERS = ['Bet9Ja', 'BetKing', 'SportyBet', 'NairaBet', '1XBet'];

async function regionCards(page: Page) {
  const regions = page.getByRole('region', { name: 'Choose your region' });
  await regions.waitFor();
  return regions;
}

journey(app, 'landing → Nigeria card → two sample matches with odds tables', async ({ page }) => {
  await page.goto('/');
  await heading(page, PUBLIC_PAGES['/']!.h1, 1);
  const regions = await regionCards(page);
  for (const name of ['Kenya', 'Ghana']) {
    const card = regions.getByRole('link', { name: new RegExp(`^${name}\\b`) });
    await see(card, 'Soon');
  }
  await regions.getByRole('link', { name: /^Nigeria\b/ }).click();
  await atPath(page, '/nigeria');
  await heading(page, 'Compare football odds in Nigeria', 1);

  const preview = page.getByRole('region', { name: 'Sample matches' });
  const cards = preview.locator('.event-card');
  await cards.nth(1).waitFor();
  expect(await cards.count()).toBe(2);
  for (const card of await cards.all()) {
    expect(await card.getByRole('heading', { level: 3 }).innerText()).toMatch(/ vs /);
    expect((await card.locator('time').innerText()).trim()).toMatch(KICKOFF);
    const table = card.getByRole('table').first();
    await see(table, 'Ov');
    await see(table, 'Home');
    await see(table, 'Draw');
    await see(table, 'Away');
    const rowNames = await table.locator('tbody th').allInnerTexts();
    expect(rowNames.length).toBeGreaterThan(0);
    for (const name of rowNames) expect(PROVIDERS).toContain(name.trim());
    // Prices with 2 decimals, or '-' when a bookmaker lacks one.
    for (const text of await table.locator('tbody td').allInnerTexts()) {
      expect(text.trim()).toMatch(/^(\d+\.\d{2}|-|\d+(\.\d+)?%?)/);
    }
  }
  await see(page, 'Get Started Free');
});

journey(app, 'Kenya and Ghana cards lead to their coming-soon pages', async ({ page }) => {
  const expectations = {
    kenya: ['SportPesa', 'Betika', 'Odibets', 'Betway', 'Mozzartbet'],
    ghana: ['Betway', 'SportyBet', 'betPawa', 'Soccabet', '1xBet'],
  };
  for (const [slug, bookmakers] of Object.entries(expectations)) {
    await page.goto('/');
    const name = slug === 'kenya' ? 'Kenya' : 'Ghana';
    await (await regionCards(page)).getByRole('link', { name: new RegExp(`^${name}\\b`) }).click();
    await atPath(page, `/${slug}`);
    await heading(page, `OddsMate is coming to ${name}`, 1);
    await see(page, 'Free to use. Free to register. Best odds.');
    for (const bookmaker of bookmakers) await see(page.getByRole('main'), bookmaker);
    for (const league of ['Premier League', 'La Liga', 'Serie A', 'Bundesliga'])
      await see(page.getByRole('main'), league, { exact: false });
  }
});

journey(app, 'footer links reach the about and legal pages, each with Back to Home', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [label, path] of [
    ['About', '/about'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['Responsible Gambling', '/responsible-gambling'],
  ] as const) {
    // The page scrolls to the top on every route change.
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link(footer, label).click();
    await atPath(page, path);
    await eventually(
      'scrolled to the top',
      () => page.evaluate(() => window.scrollY),
      (y) => y === 0,
    );
    await heading(page, PUBLIC_PAGES[path]!.h1, 1);
    await link(page.getByRole('main'), 'Back to Home').click();
    await atPath(page, '/');
    await heading(page, PUBLIC_PAGES['/']!.h1, 1);
  }
  await page.goto('/privacy');
  await see(page.getByRole('main'), /18/, { exact: false });
  await page.goto('/responsible-gambling');
  for (const topic of [/limit/i, /warning sign/i, /help/i]) await see(page.getByRole('main'), topic, { exact: false });
});

journey(app, 'protected routes send a logged-out visitor to /', async ({ page }) => {
  for (const path of ['/dashboard', '/profile', '/help', '/feedback']) {
    await page.goto(path);
    await atPath(page, '/');
    await heading(page, PUBLIC_PAGES['/']!.h1, 1);
    await see(page.getByRole('banner'), 'Login');
  }
});

describe('prerendered HTML (no JavaScript)', () => {
  test('the eight public routes carry their content; the logged-in routes get the empty shell', async () => {
    for (const [path, { h1, text }] of Object.entries(PUBLIC_PAGES)) {
      const response = await fetch(app.url(path));
      expect(response.status).toBe(200);
      const html = await response.text();
      const root = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
      const heading1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
      expect({ path, h1: decode(heading1) }).toEqual({ path, h1 });
      expect({ path, hasText: decode(root.replace(/<[^>]+>/g, ' ')).includes(text) }).toEqual({ path, hasText: true });
    }
    for (const path of ['/dashboard', '/profile', '/help', '/feedback']) {
      const html = await (await fetch(app.url(path))).text();
      expect({ path, root: /<div id="root">(.*?)<\/div>/.exec(html)?.[1] }).toEqual({ path, root: '' });
    }
  });

  journey(
    app,
    'with JavaScript disabled the public pages still show their headings and text',
    async ({ page }) => {
      for (const [path, { h1, text }] of Object.entries(PUBLIC_PAGES)) {
        await page.goto(path);
        await heading(page, h1, 1);
        await see(page, text, { exact: false });
      }
    },
    { context: { javaScriptEnabled: false } },
  );
});

function decode(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
