/**
 * The dashboard against the real server and its demo feed: every league and market
 * loads signed odds, prices move on the next tick without a reload, the phone layout fits the
 * tables to the screen, and every dashboard message of docs/product.md#error-catalogue shows exactly.
 */
import { type Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { logIn } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { eventually, see } from './support/ui';

// A fast demo tick so the next price movement comes within one 30 s poll.
const app = useApp({ DEMO_TICK_S: '3' });
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const LEAGUES = ['Premier League', 'La Liga', 'Serie A', 'Bundesliga'];
const MARKETS = ['1X2', 'OU0.5', 'OU1.5', 'OU2.5', 'OU3.5', 'OU4.5', 'BTTS', 'DC'];
/** The market menu names each code beside its readable name (docs/product.md#screens). */
const MENU: Record<string, string> = {
  '1X2': '1X2 · Match result',
  'OU0.5': 'OU0.5 · Over/Under 0.5 goals',
  'OU1.5': 'OU1.5 · Over/Under 1.5 goals',
  'OU2.5': 'OU2.5 · Over/Under 2.5 goals',
  'OU3.5': 'OU3.5 · Over/Under 3.5 goals',
  'OU4.5': 'OU4.5 · Over/Under 4.5 goals',
  BTTS: 'BTTS · Both teams to score',
  DC: 'DC · Double chance',
};

const matches = (page: Page) => page.getByRole('region', { name: 'Matches' });
const league = (page: Page) => page.getByRole('combobox', { name: 'Select League', disabled: false });
const market = (page: Page) => page.getByRole('combobox', { name: 'Select Market', disabled: false });

async function toDashboard(page: Page, prefix: string): Promise<void> {
  const account = await verifiedAccount(app, newAccount(prefix));
  await page.goto('/about');
  await logIn(page, account);
}

/**
 * Each match's prices, by its heading, once the list is whole: the list renders its cards a few
 * at a time (aria-busy meanwhile), and a match compared with itself is not confused by cards
 * still arriving or by matches of the same kick-off swapping places.
 */
async function pricesByMatch(page: Page): Promise<Map<string, string>> {
  await matches(page).locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
  const cards = await matches(page)
    .locator('.event-card')
    .evaluateAll((all) =>
      all.map((card) => [
        card.querySelector('.event-card-heading')?.textContent ?? '',
        [...card.querySelectorAll('.odds-value')].map((cell) => cell.textContent).join(' '),
      ]),
    );
  return new Map(cards as Array<[string, string]>);
}

/** The matches of `now` whose prices differ from `before`'s (matches in both only). */
const moved = (before: Map<string, string>, now: Map<string, string>) =>
  [...now].filter(([name, shown]) => before.has(name) && before.get(name) !== shown).map(([name]) => name);

journey(app, 'every league and market shows demo odds, signed, with the summary above', async ({ page, watch }) => {
  await toDashboard(page, 'dash');
  await matches(page).locator('.event-card').first().waitFor();
  expect(await league(page).inputValue()).toBe('1');
  expect(await market(page).inputValue()).toBe('1');
  const counters = await page.locator('.summary-bar dd').allTextContents();
  expect(counters).toHaveLength(4);
  for (const value of counters) expect(value).toMatch(/^\d{1,3}(,\d{3})*$/);
  await see(page, 'Demo data');

  for (const leagueName of LEAGUES) {
    await league(page).selectOption({ label: leagueName });
    for (const marketName of MARKETS) {
      await market(page).selectOption({ label: MENU[marketName] });
      const table = matches(page).locator('table').first();
      await table.waitFor();
      // The table and the heading that labels it, read in one turn of the page: the previous
      // market's table stays until the new answer arrives, and its label goes with it.
      await eventually(
        `${leagueName} ${marketName} table labelled by its market`,
        () =>
          table.evaluate((t) => document.getElementById(t.getAttribute('aria-labelledby') ?? '')?.textContent ?? null),
        (label) => label?.startsWith(marketName) === true,
      );
    }
  }
  const headers = await matches(page).locator('table').first().locator('thead th').allTextContents();
  expect(headers).toEqual(['Bookmaker', '1X', '12', 'X2', 'Ov']);
  const shown = [...(await pricesByMatch(page)).values()].flatMap((row) => row.split(' '));
  expect(shown.length).toBeGreaterThan(0);
  for (const price of shown) expect(price).toMatch(/^(\d+\.\d{2}|-)$/);
  const signed = watch.requests.filter((r) => r.url.includes('/api/odds?'));
  expect(signed.length).toBeGreaterThanOrEqual(LEAGUES.length * MARKETS.length - 1);
  for (const request of signed) {
    expect(new URL(request.url).searchParams.get('k')).toMatch(/^\d+$/);
    expect(request.status).toBe(200);
  }
});

journey(
  app,
  'prices move on the next poll without a reload',
  async ({ page }) => {
    await toDashboard(page, 'tick');
    await matches(page).locator('.event-card').first().waitFor();
    const before = await pricesByMatch(page);
    const changed = await eventually(
      'a match whose prices change on the page',
      async () => moved(before, await pricesByMatch(page)),
      (names) => names.length > 0,
      45_000,
    );
    const card = matches(page)
      .locator('.event-card')
      .filter({ has: page.getByRole('heading', { name: changed[0], exact: true }) });
    expect(await card.getByText(/^ odds (increased|decreased)\b/).count()).toBeGreaterThan(0);
  },
  { timeoutMs: 90_000 },
);

journey(
  app,
  'on a 360 px phone the tables fit the screen, the bookmaker column first',
  async ({ page }) => {
    await toDashboard(page, 'narrow');
    const box = matches(page).locator('.table-responsive').first();
    await box.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const layout = await box.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      const boxLeft = el.getBoundingClientRect().left;
      const bookmaker = el.querySelector('tbody th')!.getBoundingClientRect().left;
      return { scrolls: el.scrollWidth > el.clientWidth, pinned: Math.abs(bookmaker - boxLeft) < 1 };
    });
    expect(layout).toEqual({ scrolls: false, pinned: true });
  },
  { context: PHONE },
);

journey(app, 'the dashboard messages of docs/product.md#error-catalogue show exactly', async ({ page, watch }) => {
  watch.allow({ url: '/api/odds/summary', status: 500 }, { url: '/api/odds?', status: 500 });
  await toDashboard(page, 'states');
  await matches(page).locator('.event-card').first().waitFor();

  const answer = (status: number, body: unknown) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  const failure = { error: { code: 'INTERNAL_ERROR', description: 'Internal error', type: 'server' } };

  await page.route('**/api/odds?*', (route) => route.fulfill(answer(200, { data: { events: [], source: 'demo' } })));
  await market(page).selectOption({ label: MENU.BTTS });
  await see(matches(page), 'No matches found for the selected league and market.');

  await page.unroute('**/api/odds?*');
  await page.route('**/api/odds?*', (route) => route.fulfill(answer(200, { data: { source: 'demo' } })));
  await market(page).selectOption({ label: MENU.DC });
  await see(matches(page), 'No odds data available for the selected combination.');

  await page.unroute('**/api/odds?*');
  // A pair not asked before: the shown one is cached and would come back at once.
  await page.route('**/api/odds?*', (route) => route.fulfill(answer(500, failure)));
  await market(page).selectOption({ label: MENU['OU2.5'] });
  await see(matches(page), 'Failed to load odds data');
  expect(await matches(page).locator('.event-card').count()).toBe(0);

  await page.route('**/api/odds/summary*', (route) => route.fulfill(answer(500, failure)));
  await page.reload();
  await see(page, 'Failed to load summary data');
  expect(await page.locator('.summary-bar dd').allTextContents()).toEqual(['-', '-', '-', '-']);
  expect(await league(page).count()).toBe(0);
});
