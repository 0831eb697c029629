/**
 * Favourite teams, a price alert and the bell against the real server (docs/product.md#favourites-and-alerts), on a
 * 360 px phone and a 1280 px desktop: star a team and see its match first and under 'My teams',
 * set an alert from a price's panel on the match page, push a batch through POST /api/ingest that
 * crosses it, and see the bell's count and the notification (the book that moved and the best
 * current price), which links to the match. No page scrolls sideways.
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

/** Liverpool play first, so Arsenal's match sorts first only once Arsenal is starred. */
const MATCHES = [
  { externalId: 'l', competition: 1, home: 'Liverpool', away: 'Everton', hours: 24 },
  { externalId: 'a', competition: 1, home: 'Arsenal', away: 'Chelsea', hours: 48 },
  { externalId: 'r', competition: 2, home: 'Real Madrid', away: 'Sevilla', hours: 30 },
];
const PROVIDERS = [1, 2, 3];

/** Bet9Ja's price of Arsenal to win: each journey raises it past the alert it sets. */
let arsenalHome = 2;

async function pushPrices(target: App): Promise<void> {
  for (const provider of PROVIDERS) {
    const batch = {
      provider,
      country: 1,
      fetchedAt: new Date().toISOString(),
      events: MATCHES.map((m) => ({
        externalId: `${provider}-${m.externalId}`,
        competition: m.competition,
        home: m.home,
        away: m.away,
        kickoff: new Date(Date.now() + m.hours * 3_600_000).toISOString(),
        markets: [
          {
            market: 1,
            prices: [
              { selection: 1, value: provider === 1 && m.home === 'Arsenal' ? arsenalHome : 1.9 + provider / 10 },
              { selection: 2, value: 3.3 },
              { selection: 3, value: 3.9 - provider / 10 },
            ],
          },
        ],
      })),
    };
    await pushBatch(target, batch);
  }
}

let pushed: Promise<void> | undefined;

const cardNames = (page: Page) => page.locator('.event-card h3').allTextContents();

for (const [name, context] of [
  ['a 360 px phone', PHONE],
  ['a 1280 px desktop', DESKTOP],
] as const) {
  const width = context.viewport.width;

  journey(
    app,
    `on ${name}: star a team, set a price alert, a batch crosses it and the bell shows the notification`,
    async ({ page }) => {
      await (pushed ??= pushPrices(app));
      const account = await verifiedAccount(app, newAccount(`alerts${width}`));
      await page.goto('/about');
      await logIn(page, account);
      await atPath(page, '/dashboard');

      // Star Arsenal: their match comes first, and 'My teams' lists only theirs.
      await see(page, 'Liverpool vs Everton');
      expect(await cardNames(page)).toEqual(['Liverpool vs Everton', 'Arsenal vs Chelsea']);
      await page.getByRole('button', { name: 'Add Arsenal to my teams' }).click();
      await page.getByRole('button', { name: 'Remove Arsenal from my teams' }).waitFor();
      await eventually(
        "Arsenal's match first",
        () => cardNames(page),
        (names) => names[0] === 'Arsenal vs Chelsea',
      );
      await page.getByRole('button', { name: 'My teams', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('mine') === '1');
      await eventually(
        'only the starred team',
        () => cardNames(page),
        (names) => names.length === 1 && names[0] === 'Arsenal vs Chelsea',
      );
      await expectNoOverflow(page);

      // A price alert on Bet9Ja's Arsenal-to-win price: at least 0.50 above the current price.
      const threshold = arsenalHome + 0.5;
      await page.locator('.event-card').getByRole('link', { name: 'Arsenal vs Chelsea' }).click();
      await page.waitForURL(/\/match\/evt_[0-9a-f]+$/);
      await heading(page, 'Arsenal vs Chelsea', 1);
      await page.getByRole('button', { name: /Bet9Ja Home price history/ }).click();
      const panel = page.getByRole('region', { name: 'Price history: Home · 1X2' });
      await panel.getByRole('button', { name: 'Alert me' }).click();
      await panel.getByRole('textbox', { name: 'When the price is at least' }).fill(threshold.toFixed(2));
      await panel.getByRole('combobox', { name: 'Bookmaker' }).selectOption({ label: 'Bet9Ja' });
      await panel.getByRole('button', { name: 'Set alert' }).click();
      await see(panel, 'Alert set. We will tell you when it fires.');
      await expectNoOverflow(page);

      // A batch crosses it: the bell counts one unread notification.
      arsenalHome += 1;
      await pushPrices(app);
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await eventually(
        'the bell counts the fired alert',
        async () => {
          await page.reload();
          await heading(page, 'Arsenal vs Chelsea', 1);
          return bell.count();
        },
        (n) => n === 1,
      );
      await bell.click();
      const list = page.getByRole('dialog', { name: 'Notifications' });
      // Bet9Ja's move made it the best price of the three books: said once, with the mover.
      await see(
        list,
        new RegExp(`Home is ${arsenalHome.toFixed(2).replace('.', '\\.')} at Bet9Ja, the best price now`),
      );
      await expectNoOverflow(page);
      await list.getByRole('link', { name: 'Arsenal vs Chelsea' }).click();
      await page.waitForURL(/\/match\/evt_[0-9a-f]+$/);
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

      // The alert is listed as fired, with its price and book.
      await page.goto('/alerts');
      await heading(page, 'My alerts', 1);
      await see(page, 'Fired');
      await see(page, new RegExp(`${arsenalHome.toFixed(2).replace('.', '\\.')} at Bet9Ja`));
      await expectNoOverflow(page);
    },
    { context, timeoutMs: 180_000 },
  );
}
