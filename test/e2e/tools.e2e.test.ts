/**
 * The bettor tools and the bet slip against the real server (docs/product.md#bet-slip), on a 360 px
 * phone and a 1280 px desktop. Prices come from batches pushed through POST /api/ingest, fresh
 * (two minutes old), built so the 1X2 market of Arsenal vs Chelsea is the published sure bet
 * 3.1 / 3.5 / 3.1 (7.43 %): its stake split, the value list, and a one-leg slip compared across
 * the three books are known exactly. No page scrolls sideways.
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

/** 1X2 per book: each book is best on one selection, so the best prices are 3.1 / 3.5 / 3.1. */
const RESULT: Record<number, number[]> = { 1: [3.1, 2.0, 2.0], 2: [2.0, 3.5, 2.0], 3: [2.0, 2.0, 3.1] };
/** Every other market: plain prices with a margin (no sure bet). */
const OTHER: Record<number, number[]> = {
  2: [1.8, 1.8],
  3: [1.8, 1.8],
  4: [1.8, 1.8],
  5: [1.8, 1.8],
  6: [1.8, 1.8],
  7: [1.8, 1.8],
  8: [1.2, 1.2, 1.2],
};
const FIRST_SELECTION: Record<number, number> = { 2: 4, 3: 6, 4: 8, 5: 10, 6: 12, 7: 14, 8: 16 };

async function pushBatches(target: App): Promise<void> {
  const kickoff = new Date(Date.now() + 2 * 86_400_000).toISOString();
  for (const provider of [1, 2, 3]) {
    const batch = {
      provider,
      country: 1,
      fetchedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
      events: [
        {
          externalId: `${provider}-a`,
          competition: 1,
          home: 'Arsenal',
          away: 'Chelsea',
          kickoff,
          markets: [
            { market: 1, prices: RESULT[provider]!.map((value, i) => ({ selection: i + 1, value })) },
            ...Object.entries(OTHER).map(([market, values]) => ({
              market: Number(market),
              prices: values.map((value, i) => ({ selection: FIRST_SELECTION[Number(market)]! + i, value })),
            })),
          ],
        },
      ],
    };
    await pushBatch(target, batch);
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

/** Phones reach the tools through the account drawer, desktops through the top bar. */
async function openTool(page: Page, width: number, name: string): Promise<void> {
  if (width < 768) {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Tools' }).getByRole('link', { name }).click();
  } else {
    await page.getByRole('banner').getByRole('group', { name: 'Tools' }).getByRole('link', { name }).click();
  }
}

const cellsOf = (page: Page, row: ReturnType<Page['locator']>) =>
  row
    .locator('th, td')
    .allTextContents()
    .then((texts) => texts.map((t) => t.trim()));

for (const [name, context] of [
  ['a 360 px phone', PHONE],
  ['a 1280 px desktop', DESKTOP],
] as const) {
  const width = context.viewport.width;

  journey(
    app,
    `on ${name} /tools/surebets shows the 7.43 % sure bet and splits ₦10,000 in whole Naira`,
    async ({ page, watch }) => {
      await loggedIn(page, `surebets${width}`);
      await openTool(page, width, 'Sure bets');
      await atPath(page, '/tools/surebets');
      await heading(page, 'Sure bets', 1);
      const card = page.locator('.surebet-card').filter({ hasText: 'Arsenal vs Chelsea' });
      await see(card, 'Profit 7.43%');
      expect(await page.locator('.surebet-card').count()).toBe(1);
      const [legs, split] = [card.locator('table').nth(0), card.locator('table').nth(1)];
      const legRows = legs.locator('tbody tr');
      expect(await cellsOf(page, legRows.nth(0))).toEqual(['Home', 'Bet9Ja', '3.10']);
      expect(await cellsOf(page, legRows.nth(1))).toEqual(['Draw', 'BetKing', '3.50']);
      expect(await cellsOf(page, legRows.nth(2))).toEqual(['Away', 'SportyBet', '3.10']);
      const rows = split.locator('tbody tr');
      expect(await cellsOf(page, rows.nth(0))).toEqual(['Home', '₦3,465', '₦10,741.50']);
      expect(await cellsOf(page, rows.nth(1))).toEqual(['Draw', '₦3,069', '₦10,741.50']);
      expect(await cellsOf(page, rows.nth(2))).toEqual(['Away', '₦3,466', '₦10,744.60']);
      // Each column heading on one line ('Stake' was broken into 'Stak/e' at 360 px).
      const headingLines = await split.locator('thead th').evaluateAll((ths) =>
        ths.map((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
      );
      expect(headingLines).toEqual([1, 1, 1]);
      await see(card, 'Minimum stakes: Bet9Ja ₦100, BetKing ₦100, SportyBet ₦100.');
      expect(watch.requests.some((r) => r.url.includes('/api/odds/surebets?country=1&boosts=0'))).toBe(true);
      // Below the minimums the card says so and names the smallest total that works.
      await card.getByLabel('Total stake (₦)').fill('200');
      await see(card, /minimum stake of ₦100/);
      await see(card, /Smallest total that meets every minimum stake/);
      await page.getByRole('checkbox', { name: 'Include boosted prices' }).check();
      await eventually(
        'a request with boosts',
        () => Promise.resolve(watch.requests.some((r) => r.url.includes('boosts=1'))),
        (asked) => asked,
      );
      await see(page, 'Bet responsibly: help and limits');
      await expectNoOverflow(page);
      await card.getByRole('link', { name: 'Arsenal vs Chelsea' }).click();
      await page.waitForURL(/\/match\/evt_[0-9a-f]+$/);
      // The match page shows fair prices under each market.
      await see(page, /Fair odds \(multiplicative, margin removed\)/);
      await expectNoOverflow(page);
    },
    { context },
  );

  journey(
    app,
    `on ${name} /tools/value lists prices above their fair price and names the method`,
    async ({ page, watch }) => {
      await loggedIn(page, `value${width}`);
      await openTool(page, width, 'Value bets');
      await atPath(page, '/tools/value');
      await heading(page, 'Value bets', 1);
      await see(page, 'Fair odds by the multiplicative method.');
      await see(page, /The fair odds of a selection are the price with the bookmakers’ margin taken out/);
      const cards = page.locator('.value-card');
      await eventually(
        'value bets listed',
        () => cards.count(),
        (n) => n > 0,
      );
      const first = await cards.first().textContent();
      expect(first).toContain('Arsenal vs Chelsea');
      // The answer leads: the first price is on the first screen (on a phone above the bottom bar),
      // what fair odds are and what each method does come after the list.
      const fold =
        width < 768
          ? ((await page.getByRole('navigation', { name: 'Quick links' }).boundingBox())?.y ?? 0)
          : context.viewport.height;
      const firstBox = await cards.first().boundingBox();
      expect(firstBox).not.toBeNull();
      expect(firstBox!.y + firstBox!.height).toBeLessThanOrEqual(fold);
      const about = page.getByRole('region', { name: 'How fair odds are worked out' });
      expect(await about.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(
        (await cards.last().boundingBox())!.y,
      );
      expect(first).toMatch(/Edge \+\d+\.\d{2}%/);
      const edges = (await page.locator('.value-edge').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
      expect(edges.every((e) => e >= 2)).toBe(true);
      expect([...edges].sort((a, b) => b - a)).toEqual(edges);
      await page.getByLabel('Method').selectOption('shin');
      await see(page, 'Fair odds by the shin method.');
      await eventually(
        'asked with shin',
        () => Promise.resolve(watch.requests.some((r) => r.url.includes('method=shin'))),
        (asked) => asked,
      );
      await see(page, 'Bet responsibly: help and limits');
      await expectNoOverflow(page);
    },
    { context },
  );

  journey(
    app,
    `on ${name} a dashboard price goes on the slip, which compares the books and survives a reload`,
    async ({ page }) => {
      await loggedIn(page, `slip${width}`);
      await page.goto('/dashboard');
      const price = page.getByRole('button', { name: /Bet9Ja Home bet slip/ });
      await price.waitFor();
      await expectNoOverflow(page);
      await price.click();
      expect(await price.getAttribute('aria-pressed')).toBe('true');
      const bar = width < 768 ? page.getByRole('navigation', { name: 'Quick links' }) : page.getByRole('banner');
      const toggle = bar.getByRole('button', { name: 'Slip (1)' });
      await toggle.click();
      const slip = page.getByRole('dialog', { name: 'Bet slip' });
      await slip.waitFor();
      // One leg: the accumulator is each book's home price; Bet9Ja 3.10 pays ₦3,100 on ₦1,000.
      const rows = slip.locator('tbody tr');
      await eventually(
        'three books',
        () => rows.count(),
        (n) => n === 3,
      );
      expect(await cellsOf(page, rows.nth(0))).toEqual(['Bet9JaBest', '3.10', '₦3,100.00']);
      await see(slip, 'Bet9Ja pays ₦1,100.00 (55.00%) more than BetKing, SportyBet.');
      await slip
        .getByRole('button', { name: /^Close/ })
        .first()
        .click();
      await slip.waitFor({ state: 'hidden' });
      await expectNoOverflow(page);
      await page.reload();
      await bar.getByRole('button', { name: 'Slip (1)' }).waitFor();
      expect(await page.getByRole('button', { name: /Bet9Ja Home bet slip/ }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    },
    { context },
  );
}
