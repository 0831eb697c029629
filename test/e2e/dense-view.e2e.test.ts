/**
 * The desktop's dense odds table and the landing hero at 1280×800, and the phone left as it was at
 * 360×740 (docs/product.md#purpose, #screens), against the real server and its demo feed.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { logIn } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { button } from './support/ui';

const app = useApp();
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const matches = (page: Page) => page.getByRole('region', { name: 'Matches' });

journey(
  app,
  'at 1280×800 the dashboard lists one row per match with the best prices, and the cards stay a click away',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('dense'));
    await page.goto('/about');
    await logIn(page, account);
    const grid = matches(page).locator('table.odds-grid');
    await grid.locator('tbody tr').first().waitFor();
    expect(await matches(page).locator('.event-card').count()).toBe(0);
    const switcher = page.getByRole('group', { name: 'Show odds as' });
    expect(await button(switcher, 'Table').getAttribute('aria-pressed')).toBe('true');

    // Headers: the match, the three 1X2 selections, the best prices' margin.
    const headers = await grid.locator('thead th').allInnerTexts();
    expect(headers.slice(0, 5).map((h) => h.trim())).toEqual(['Match', 'Home', 'Draw', 'Away', 'Best Ov']);
    const rows = grid.locator('tbody tr.odds-grid-row');
    const count = await rows.count();
    expect(count).toBeGreaterThan(3);
    // One row per match: each row's name is a different match.
    const names = await rows.locator('th a').allInnerTexts();
    expect(new Set(names).size).toBe(count);
    const first = rows.first();
    const cells = await first.locator('td').allInnerTexts();
    for (const cell of cells.slice(0, 3)) expect(cell).toMatch(/^\d+\.\d{2}\s+(B9J|BKG|SPB|NRB|1XB)/);
    expect(cells[3]).toMatch(/^-?\d+\.\d{2}%$/);
    // Several matches on one screen, unlike the cards' one.
    const box = await rows.nth(3).boundingBox();
    expect(box!.y + box!.height).toBeLessThan(800);
    await page.screenshot({ path: 'test-results/dense-1280x800-table.png' });

    // Every book of a match opens under its row.
    await first.getByRole('button', { name: /: Every bookmaker for / }).click();
    const detail = grid.locator('tr.odds-grid-detail');
    await detail.locator('table tbody tr').first().waitFor();
    expect(await detail.locator('table tbody tr').count()).toBe(5);
    await page.screenshot({ path: 'test-results/dense-1280x800-expanded.png' });

    // Cards on request, remembered after a reload.
    await button(switcher, 'Cards').click();
    await matches(page).locator('.event-card').first().waitFor();
    expect(await grid.count()).toBe(0);
    await page.reload();
    await matches(page).locator('.event-card').first().waitFor();
    expect(await matches(page).locator('table.odds-grid').count()).toBe(0);
    expect(await button(page.getByRole('group', { name: 'Show odds as' }), 'Cards').getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.screenshot({ path: 'test-results/dense-1280x800-cards.png' });
  },
  { context: DESKTOP, oddsLayout: 'default', timeoutMs: 90_000 },
);

journey(
  app,
  'at 360×740 the dashboard keeps its cards and offers no table',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('densephone'));
    await page.goto('/about');
    await logIn(page, account);
    await matches(page).locator('.event-card').first().waitFor();
    expect(await matches(page).locator('table.odds-grid').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Show odds as' }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/dense-360x740-cards.png' });
  },
  { context: PHONE, oddsLayout: 'default' },
);

journey(
  app,
  "at 1280×800 the landing hero uses its width; a phone's hero is unchanged",
  async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section.hero');
    await hero.waitFor();
    const facts = hero.locator('.hero-facts');
    await facts.waitFor();
    const heroBox = (await hero.boundingBox())!;
    const factsBox = (await facts.boundingBox())!;
    const headline = (await hero.getByRole('heading', { level: 1 }).boundingBox())!;
    // The facts fill the right side the headline leaves: their right edge reaches the content's.
    expect(factsBox.x).toBeGreaterThan(headline.x + headline.width - 1);
    expect(factsBox.x + factsBox.width).toBeGreaterThan(heroBox.width - 200);
    expect(await facts.locator('li').count()).toBe(3);
    await page.screenshot({ path: 'test-results/landing-1280x800-hero.png' });

    await page.setViewportSize({ width: 360, height: 740 });
    expect(await facts.isVisible()).toBe(false);
    await page.screenshot({ path: 'test-results/landing-360x740-hero.png' });
  },
  { context: DESKTOP },
);
