/**
 * The match page and dropping odds against the real server (docs/architecture.md#http-api), on a 360 px phone and a
 * 1280 px desktop: from a dashboard card to the match's eight markets, a price's history chart
 * (one line per book, values on hover and by keyboard), and /drops biggest first, linking back
 * to the match. Prices come from batches pushed through POST /api/ingest, dated in the last
 * hour, so the history and the drops are known exactly; no page scrolls sideways.
 */
import { type Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { logIn } from './support/dialogs';
import { journey, useApp, type App } from './support/e2e';
import { atPath, eventually, expectNoOverflow, heading, see } from './support/ui';
import { INGEST_TOKEN, pushBatch } from './support/ingest';

const app = useApp({ ODDS_FEED: 'none', INGEST_TOKEN });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const SELECTIONS: Record<number, number[]> = {
  1: [1, 2, 3],
  2: [4, 5],
  3: [6, 7],
  4: [8, 9],
  5: [10, 11],
  6: [12, 13],
  7: [14, 15],
  8: [16, 17, 18],
};
const MATCHES = [
  { externalId: 'a', competition: 1, home: 'Arsenal', away: 'Chelsea' },
  { externalId: 'b', competition: 2, home: 'Real Madrid', away: 'Sevilla' },
];
const PROVIDERS = [1, 2, 3];

/** A price per match, provider and selection at step 0, 1 or 2 (50, 20 and 2 minutes ago). */
function price(match: number, provider: number, selection: number, step: number): number {
  const base = 1.5 + ((selection * 7 + provider * 3 + match * 5) % 20) / 10;
  // Arsenal vs Chelsea, Bet9Ja, Home: 3.20 → 3.00 → 2.80 (−12.50 %); BetKing, BTTS Yes: 1.90 → 1.80
  // at the last step (−5.26 %); SportyBet, Away: a rise (not a drop).
  if (match === 0 && provider === 1 && selection === 1) return [3.2, 3.0, 2.8][step]!;
  if (match === 0 && provider === 2 && selection === 14 && step === 2) return Math.round((base - 0.1) * 100) / 100;
  if (match === 0 && provider === 3 && selection === 3 && step > 0) return Math.round((base + 0.2) * 100) / 100;
  return base;
}

async function pushBatches(target: App): Promise<void> {
  const kickoff = new Date(Date.now() + 2 * 86_400_000).toISOString();
  for (const [step, minutesAgo] of [50, 20, 2].entries()) {
    for (const provider of PROVIDERS) {
      const batch = {
        provider,
        country: 1,
        fetchedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        events: MATCHES.map((m, match) => ({
          externalId: `${provider}-${m.externalId}`,
          competition: m.competition,
          home: m.home,
          away: m.away,
          kickoff,
          markets: Object.entries(SELECTIONS).map(([market, selections]) => ({
            market: Number(market),
            prices: selections.map((selection) => ({ selection, value: price(match, provider, selection, step) })),
          })),
        })),
      };
      await pushBatch(target, batch);
    }
  }
}

let pushed: Promise<void> | undefined;
const prices = () => (pushed ??= pushBatches(app));

async function loggedIn(page: Page, prefix: string): Promise<void> {
  await prices();
  const account = await verifiedAccount(app, newAccount(prefix));
  await page.goto('/about');
  await logIn(page, account);
}

async function openMatchFromCard(page: Page): Promise<void> {
  const card = page.locator('.event-card').filter({ hasText: 'Arsenal vs Chelsea' });
  await card.getByRole('link', { name: 'Arsenal vs Chelsea' }).click();
  await page.waitForURL(/\/match\/evt_[0-9a-f]+$/);
  await heading(page, 'Arsenal vs Chelsea', 1);
}

async function checkMatchPage(page: Page, width: number): Promise<void> {
  await see(page, 'Premier League');
  // Eight markets, each in the dashboard's table, named by the match and the market.
  const tables = page.getByRole('region', { name: /^Arsenal vs Chelsea/ });
  await eventually(
    'eight market tables',
    () => tables.count(),
    (n) => n === 8,
  );
  for (const value of await page.locator('.odds-table .odds-value').allTextContents())
    expect(value).toMatch(/^(\d+\.\d{2}|-)$/);
  const best = page.getByRole('region', { name: 'Best prices · 1X2' });
  expect(await best.getByRole('listitem').count()).toBe(3);
  expect(await best.getByRole('listitem').first().textContent()).toMatch(/^Home\d+\.\d{2}/);

  // Opening → current of the 1X2 market: Bet9Ja's home price opened at 3.20 and is 2.80 now.
  await page.locator('details', { hasText: 'Opening → current' }).first().locator('summary').click();
  const opening = page.getByRole('table', { name: 'Opening → current · 1X2' });
  await see(opening.getByRole('row', { name: /^Bet9Ja/ }), '3.20 → 2.80');
  await expectNoOverflow(page);

  // Tapping Bet9Ja's home price opens its history: one line per book.
  await page.getByRole('button', { name: /Bet9Ja Home price history/ }).click();
  await heading(page, 'Price history: Home · 1X2', 3);
  const chart = page.getByRole('slider', { name: 'Price history: Home · 1X2' });
  await chart.waitFor();
  await eventually(
    'one line per book',
    () => page.locator('path[data-series]').count(),
    (n) => n === 3,
  );
  const box = await chart.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(width);
  // Hover (or tap) reads the prices at that moment.
  if (width < 768) await chart.tap({ position: { x: box!.width * 0.3, y: 60 } });
  else await chart.hover({ position: { x: box!.width * 0.3, y: 60 } });
  const readout = page.locator('.price-chart-readout');
  await readout.waitFor();
  expect(await readout.locator('li').count()).toBe(3);
  // And the keyboard: the first moment is the opening, the last is now.
  await chart.focus();
  await page.keyboard.press('Home');
  expect(await chart.getAttribute('aria-valuetext')).toMatch(/Bet9Ja 3\.20/);
  await page.keyboard.press('End');
  expect(await chart.getAttribute('aria-valuetext')).toMatch(/Bet9Ja 2\.80/);
  await expectNoOverflow(page);
}

journey(
  app,
  'on a 320 px phone the odds tables keep their screen-reader labels inside their scroll boxes and the page never pans sideways',
  async ({ page }) => {
    await loggedIn(page, 'narrow320');
    await openMatchFromCard(page);
    await page.locator('.odds-scroll').first().waitFor();
    // A table wider than its box scrolls inside it; its screen-reader labels are positioned
    // (Bootstrap's .visually-hidden), so unless the box is their containing block they spill past
    // it and widen the page, wherever the data puts them.
    const escaping = await page
      .locator('.odds-scroll')
      .evaluateAll(
        (boxes) =>
          boxes.flatMap((box) =>
            [...box.querySelectorAll<HTMLElement>('.visually-hidden')].filter(
              (label) => !label.offsetParent || (!box.contains(label.offsetParent) && label.offsetParent !== box),
            ),
          ).length,
      );
    expect(escaping).toBe(0);
    await expectNoOverflow(page);
  },
  { context: { ...PHONE, viewport: { width: 320, height: 740 } } },
);

for (const [name, context] of [
  ['a 360 px phone', PHONE],
  ['a 1280 px desktop', DESKTOP],
] as const) {
  const width = context.viewport.width;

  journey(
    app,
    `on ${name} a card opens the match: eight markets, best prices, opening → current and a price's chart`,
    async ({ page }) => {
      await loggedIn(page, `match${width}`);
      await openMatchFromCard(page);
      await checkMatchPage(page, width);
    },
    { context },
  );

  journey(
    app,
    `on ${name} /drops lists the biggest drops first and links to the match`,
    async ({ page, watch }) => {
      await loggedIn(page, `drops${width}`);
      const nav = width < 768 ? page.getByRole('navigation', { name: 'Quick links' }) : page.getByRole('banner');
      await nav.getByRole('link', { name: 'Drops' }).click();
      await atPath(page, '/drops');
      await heading(page, 'Dropping odds', 1);
      // One card per match, market and selection at every width.
      const rows = page.locator('.drop-card');
      await eventually(
        'two drops',
        () => rows.count(),
        (n) => n === 2,
      );
      const first = await rows.first().textContent();
      expect(first).toContain('Arsenal vs Chelsea');
      expect(first).toContain('1X2');
      expect(first).toContain('Bet9Ja');
      expect(first).toContain('3.20 → 2.80');
      expect(first).toContain('-12.50%');
      expect(first).toContain('Kick-off ');
      expect(first).toContain('· moved at ');
      expect(await rows.nth(1).textContent()).toContain('BTTS');
      await page
        .getByText('A drop is a price that is now lower than its highest price in the last 24 hours.', { exact: false })
        .waitFor();
      await expectNoOverflow(page);
      await page.screenshot({ path: `test-results/screens/drops-${width}.png` });
      // The market filter narrows the list to 1X2's drop, and 'All' brings both back.
      await page.getByLabel('Market').selectOption({ label: '1X2' });
      expect(await rows.count()).toBe(1);
      await page.getByLabel('Market').selectOption({ label: 'All' });
      expect(await rows.count()).toBe(2);

      await page.getByRole('button', { name: 'Last hour' }).click();
      await page.waitForURL((url) => url.searchParams.get('hours') === '1');
      // The 24-hour list also has two rows: first the last hour's answer must have been asked.
      await eventually(
        'the last hour asked',
        async () => watch.requests.some((r) => r.url.includes('/api/odds/drops?country=1&hours=1')),
        (asked) => asked,
      );
      // The list is the last hour's once its region is named so and no longer busy.
      await page.locator('section[aria-label="Last hour"][aria-busy="false"]').waitFor();
      await eventually(
        'two drops in the last hour',
        () => rows.count(),
        (n) => n === 2,
      );

      await rows.first().getByRole('link', { name: 'Arsenal vs Chelsea' }).click();
      await page.waitForURL(/\/match\/evt_[0-9a-f]+$/);
      await heading(page, 'Arsenal vs Chelsea', 1);
      await expectNoOverflow(page);
    },
    { context },
  );
}
