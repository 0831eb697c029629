/**
 * "My bookmakers" against the real server, on a 360×740 phone and a 1280×800 desktop
 * (docs/product.md#my-bookmakers): the dashboard asks once, after the first match, covering no price and
 * keeping the first best-price answer above the phone's bottom bar; the choice is stored on the
 * account (a reload does not ask again); the chosen books' rows come first; "My books only / All
 * books" decides which books the lead line counts and is kept on this device; the profile changes
 * the choice; the tools say which books their lists were limited to. Prices are pushed through
 * POST /api/ingest, fresh, so every number is known.
 */
import { mkdirSync } from 'node:fs';
import { type Locator, type Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { logIn } from './support/dialogs';
import { journey, useApp, type App } from './support/e2e';
import { INGEST_TOKEN, pushBatch } from './support/ingest';
import { atPath, button, eventually, expectNoOverflow, see } from './support/ui';

const app = useApp({ ODDS_FEED: 'none', INGEST_TOKEN });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** 1X2 per book: BetKing best at home, SportyBet on the draw and away. */
const RESULT: Record<number, number[]> = { 1: [2.0, 3.2, 3.5], 2: [2.1, 3.3, 3.4], 3: [1.9, 3.4, 3.6] };

async function pushBatches(target: App): Promise<void> {
  const kickoff = new Date(Date.now() + 2 * 86_400_000).toISOString();
  for (const provider of [1, 2, 3]) {
    await pushBatch(target, {
      provider,
      country: 1,
      fetchedAt: new Date(Date.now() - 60_000).toISOString(),
      events: [
        ['arsenal', 'Arsenal', 'Chelsea', 0],
        ['spurs', 'Tottenham', 'Everton', 3_600_000],
      ].map(([id, home, away, later]) => ({
        externalId: `${provider}-${id}`,
        competition: 1,
        home,
        away,
        kickoff: new Date(Date.parse(kickoff) + Number(later)).toISOString(),
        markets: [{ market: 1, prices: RESULT[provider]!.map((value, i) => ({ selection: i + 1, value })) }],
      })),
    });
  }
}

let pushed: Promise<void> | undefined;
const prices = () => (pushed ??= pushBatches(app));

/** Screenshots of changed screens, looked at by the people changing them (not compared). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

const leadTexts = (scope: Locator) =>
  scope
    .getByRole('list', { name: 'Best price' })
    .first()
    .locator('li')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** The first table's bookmakers, in row order. */
const bookRows = (card: Locator) =>
  card
    .locator('table')
    .first()
    .locator('tbody th[scope=row]')
    .evaluateAll((cells) => cells.map((th) => th.getAttribute('title')));

for (const [name, context] of [
  ['360×740', PHONE],
  ['1280×800', DESKTOP],
] as const) {
  const width = context.viewport.width;
  const phone = width < 768;

  journey(
    app,
    `at ${name} the dashboard asks once for my bookmakers, puts them first and limits the best price to them`,
    async ({ page }) => {
      await prices();
      const account = await verifiedAccount(app, newAccount(`books${width}`));
      await page.goto('/about');
      await logIn(page, account);
      await atPath(page, '/dashboard');
      const card = page.locator('.event-card').filter({ hasText: 'Arsenal vs Chelsea' });
      await card.waitFor();
      const prompt = page.getByRole('region', { name: 'My bookmakers' });
      await prompt.waitFor();
      await see(prompt, 'Which bookmakers do you have accounts at? Their prices come first.');
      // After the first match: it covers no price, and the first answer stays on the first screen.
      const cardBox = (await card.boundingBox())!;
      const promptBox = (await prompt.boundingBox())!;
      expect(promptBox.y).toBeGreaterThanOrEqual(cardBox.y + cardBox.height);
      const lead = (await card.getByRole('list', { name: 'Best price' }).boundingBox())!;
      const fold = phone
        ? ((await page.getByRole('navigation', { name: 'Quick links' }).boundingBox())?.y ?? 0)
        : context.viewport.height;
      expect(lead.y + lead.height).toBeLessThanOrEqual(fold);
      expect(await page.getByRole('group', { name: 'Which books count for the best price' }).count()).toBe(0);
      await expectNoOverflow(page);
      await shot(page, `my-books-prompt-${width}`);
      await prompt.scrollIntoViewIfNeeded();
      await shot(page, `my-books-prompt-scrolled-${width}`);

      await prompt.getByText('SportyBet', { exact: true }).click();
      await prompt.getByText('Bet9Ja', { exact: true }).click();
      await button(prompt, 'Save').click();
      await prompt.waitFor({ state: 'detached' });

      // Their rows first (the cards render the saved choice in the background, after the prompt has
      // gone); "My books only" (on once chosen) counts them alone for the best price.
      const mineFirst = ['Bet9Ja', 'SportyBet', 'BetKing', 'NairaBet', '1XBet'];
      const same = (rows: Array<string | null>) => JSON.stringify(rows) === JSON.stringify(mineFirst);
      expect(await eventually('the rows with my books first', () => bookRows(card), same)).toEqual(mineFirst);
      const toggle = page.getByRole('group', { name: 'Which books count for the best price' });
      expect(await button(toggle, 'My books only').getAttribute('aria-pressed')).toBe('true');
      // Their names carry a bar at the left (the production stylesheet kept the rule).
      const bar = (row: number) =>
        card
          .locator('table')
          .first()
          .locator('tbody th[scope=row]')
          .nth(row)
          .evaluate((th) => getComputedStyle(th).boxShadow);
      expect(await bar(0)).toContain('3px 0px 0px');
      expect(await bar(2)).not.toContain('3px 0px 0px');
      expect(await leadTexts(card)).toEqual(
        phone
          ? [
              'Home B9J 2.00 · ₦100 more than SPB on ₦1,000',
              'Draw SPB 3.40 · ₦200 more than B9J on ₦1,000',
              'Away SPB 3.60 · ₦100 more than B9J on ₦1,000',
            ]
          : [
              'Home Bet9Ja 2.00 · ₦100 more than SportyBet on ₦1,000',
              'Draw SportyBet 3.40 · ₦200 more than Bet9Ja on ₦1,000',
              'Away SportyBet 3.60 · ₦100 more than Bet9Ja on ₦1,000',
            ],
      );
      await card.scrollIntoViewIfNeeded();
      await expectNoOverflow(page);
      await shot(page, `my-books-only-${width}`);

      // "All books": BetKing's 2.10 is the best home price again; kept on this device.
      await button(toggle, 'All books').click();
      const allBooks = phone
        ? [
            'Home BKG 2.10 · ₦200 more than SPB on ₦1,000',
            'Draw SPB 3.40 · ₦200 more than B9J on ₦1,000',
            'Away SPB 3.60 · ₦200 more than BKG on ₦1,000',
          ]
        : [
            'Home BetKing 2.10 · ₦200 more than SportyBet on ₦1,000',
            'Draw SportyBet 3.40 · ₦200 more than Bet9Ja on ₦1,000',
            'Away SportyBet 3.60 · ₦200 more than BetKing on ₦1,000',
          ];
      await eventually(
        'the lead line over every book',
        () => leadTexts(card),
        (texts) => JSON.stringify(texts) === JSON.stringify(allBooks),
      );
      await shot(page, `my-books-all-${width}`);
      await page.reload();
      await card.waitFor();
      await page.getByRole('group', { name: 'Which books count for the best price' }).waitFor();
      expect(await page.getByRole('region', { name: 'My bookmakers' }).count()).toBe(0);
      expect(await button(toggle, 'All books').getAttribute('aria-pressed')).toBe('true');
      expect(await bookRows(card)).toEqual(['Bet9Ja', 'SportyBet', 'BetKing', 'NairaBet', '1XBet']);

      // The profile changes the choice.
      await page.goto('/profile');
      const setting = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'My bookmakers' }) });
      // The toggles are enabled once the stored choice has loaded.
      const bet9ja = setting.getByRole('checkbox', { name: 'Bet9Ja', disabled: false });
      await bet9ja.waitFor();
      expect(await bet9ja.isChecked()).toBe(true);
      await setting.getByText('Bet9Ja', { exact: true }).click();
      await setting.getByText('BetKing', { exact: true }).click();
      await button(setting, 'Save').click();
      await see(setting, 'Saved.');
      await setting.scrollIntoViewIfNeeded();
      await expectNoOverflow(page);
      await shot(page, `my-books-profile-${width}`);

      // The tools: limited to the chosen books once "My books only" is on.
      await page.goto('/tools/surebets');
      const tools = page.getByRole('group', { name: 'Which books count for the best price' });
      await tools.waitFor();
      await button(tools, 'My books only').click();
      await see(page, 'Only BetKing, SportyBet.');
      await expectNoOverflow(page);
      await shot(page, `my-books-surebets-${width}`);
      await page.goto('/dashboard');
      await card.waitFor();
      expect(await bookRows(card)).toEqual(['BetKing', 'SportyBet', 'Bet9Ja', 'NairaBet', '1XBet']);

      // The match page: the same order, the toggle under the teams' stars.
      await card.getByRole('link', { name: 'Arsenal vs Chelsea' }).click();
      await page.waitForURL(/\/match\/evt_[0-9a-f]+$/);
      const market = page.locator('.match-market').first();
      await market.waitFor();
      expect(await bookRows(market)).toEqual(['BetKing', 'SportyBet', 'Bet9Ja', 'NairaBet', '1XBet']);
      await page.getByRole('group', { name: 'Which books count for the best price' }).waitFor();
      await expectNoOverflow(page);
      await shot(page, `my-books-match-${width}`);
    },
    { context },
  );

  journey(
    app,
    `at ${name} skipping the question answers it: not asked again, no toggle, the tables as before`,
    async ({ page }) => {
      await prices();
      const account = await verifiedAccount(app, newAccount(`skip${width}`));
      await page.goto('/about');
      await logIn(page, account);
      const card = page.locator('.event-card').filter({ hasText: 'Arsenal vs Chelsea' });
      await card.waitFor();
      const prompt = page.getByRole('region', { name: 'My bookmakers' });
      await button(prompt, 'Skip').click();
      await prompt.waitFor({ state: 'detached' });
      await page.reload();
      await card.waitFor();
      await page.locator('.event-card').nth(1).waitFor();
      expect(await page.getByRole('region', { name: 'My bookmakers' }).count()).toBe(0);
      expect(await page.getByRole('group', { name: 'Which books count for the best price' }).count()).toBe(0);
      expect(await bookRows(card)).toEqual(['Bet9Ja', 'BetKing', 'SportyBet', 'NairaBet', '1XBet']);
    },
    { context },
  );
}
