/**
 * Issue "lead with the answer" against the real server, on a 360×740 phone and a 1280×800 desktop
 * (docs/product.md#screens, #states, #bet-slip): the best book per selection and what it pays more than the worst
 * is the first thing on a card and on the match page, above the phone's bottom bar; a protected
 * link opened logged out survives the login; logout empties the stored slip; a tapped price is
 * unmistakably picked and confirmed; the slip's stake takes '5,000' and '₦5,000'; from md the slip
 * docks beside the odds, which stay usable. Prices are pushed through POST /api/ingest, fresh,
 * so every number is known.
 */
import { mkdirSync } from 'node:fs';
import { type Locator, type Page } from 'playwright-core';
import { newAccount, verifiedAccount, type Account } from './support/accounts';
import { DIALOG, logIn } from './support/dialogs';
import { journey, useApp, type App } from './support/e2e';
import { INGEST_TOKEN, pushBatch } from './support/ingest';
import { atPath, button, eventually, expectNoOverflow, fill, openDialog, see, storedSession } from './support/ui';

const app = useApp({ ODDS_FEED: 'none', INGEST_TOKEN });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** 1X2 per book: BetKing best at home, SportyBet on the draw and away; every gap is ₦200 on ₦1,000. */
const RESULT: Record<number, number[]> = { 1: [2.0, 3.2, 3.5], 2: [2.1, 3.3, 3.4], 3: [1.9, 3.4, 3.6] };
const LEAD = [
  'Home BetKing 2.10 · ₦200 more than SportyBet on ₦1,000',
  'Draw SportyBet 3.40 · ₦200 more than Bet9Ja on ₦1,000',
  'Away SportyBet 3.60 · ₦200 more than BetKing on ₦1,000',
];
/** On a phone the same answer with the tables' marks, one line each. */
const LEAD_PHONE = [
  'Home BKG 2.10 · ₦200 more than SPB on ₦1,000',
  'Draw SPB 3.40 · ₦200 more than B9J on ₦1,000',
  'Away SPB 3.60 · ₦200 more than BKG on ₦1,000',
];

async function pushBatches(target: App): Promise<void> {
  const kickoff = new Date(Date.now() + 2 * 86_400_000).toISOString();
  for (const provider of [1, 2, 3]) {
    await pushBatch(target, {
      provider,
      country: 1,
      fetchedAt: new Date(Date.now() - 60_000).toISOString(),
      events: [
        {
          externalId: `${provider}-lead`,
          competition: 1,
          home: 'Arsenal',
          away: 'Chelsea',
          kickoff,
          markets: [{ market: 1, prices: RESULT[provider]!.map((value, i) => ({ selection: i + 1, value })) }],
        },
        {
          externalId: `${provider}-liga`,
          competition: 2,
          home: 'Barcelona',
          away: 'Sevilla',
          kickoff,
          markets: [{ market: 1, prices: [1.5, 4.2, 6.0].map((value, i) => ({ selection: i + 1, value })) }],
        },
      ],
    });
  }
}

let pushed: Promise<void> | undefined;
const prices = () => (pushed ??= pushBatches(app));

/**
 * Where the slip's confirmation lies: within the box of the bar that holds it (on a phone the bottom
 * bar, over its quick links; from md the top bar, over its links), the bar's 'Slip (n)' still the
 * topmost thing at its centre, and every price and margin on the screen the topmost thing at its own
 * centre (none under the confirmation).
 */
async function overPrices(page: Page, confirmation: Locator, phone: boolean) {
  const bar = phone ? page.getByRole('navigation', { name: 'Quick links' }) : page.getByRole('banner');
  const [box, barBox] = [await confirmation.boundingBox(), await bar.boundingBox()];
  const inBar =
    box !== null &&
    barBox !== null &&
    box.y >= barBox.y - 0.5 &&
    box.y + box.height <= barBox.y + barBox.height + 0.5 &&
    box.y >= -0.5 &&
    box.y + box.height <= (page.viewportSize()?.height ?? 0) + 0.5 &&
    box.height > 0;
  const slipInView = await bar.getByRole('button', { name: /^Slip/ }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });
  const covered = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.odds-value, .odds-pick, .odds-ov .badge')].flatMap((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width < 2 || y < 0 || y > window.innerHeight) return [];
      const top = document.elementFromPoint(x, y);
      // A price behind a bar (the confirmation included: it lies within the bar's box) is one to
      // scroll to, not a covered one: only what covers a price outside the bars counts.
      if (!top || el.contains(top) || top.contains(el) || top.closest('.bottom-bar, header')) return [];
      return [`${el.textContent ?? ''} under ${top.className}`];
    }),
  );
  return { inBar, slipInView, covered };
}

/** The match's id, read from the public preview (the pushed match is the only one). */
async function eventId(): Promise<string> {
  await prices();
  const response = await fetch(app.url('/api/odds/sample?country=nigeria'));
  const body = (await response.json()) as { data: { events: Array<{ id: string; name: string }> } };
  const event = body.data.events.find((e) => e.name === 'Arsenal vs Chelsea');
  if (!event) throw new Error('the pushed match is not in the sample');
  return event.id;
}

/** Screenshots of changed screens, looked at by the people changing them (not compared). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

async function logInAt(page: Page, path: string, prefix: string): Promise<Account> {
  await prices();
  const account = await verifiedAccount(app, newAccount(prefix));
  await page.goto(path);
  await logIn(page, account);
  return account;
}

/** Labels cut short with an ellipsis ('Betting S…') or clipped: the elements' texts. */
const cutTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.summary-label, .odds-lead li, .dashboard-filters .form-label')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );

/**
 * How far (px, rounded) each selection's heading ends right of its first price's figures: 0 when
 * the heading sits over its numbers (it was ~17 px off at 360 px).
 */
const headerOffsets = (card: ReturnType<Page['locator']>) =>
  card
    .locator('table')
    .first()
    .evaluate((table) => {
      const heads = [...table.querySelectorAll('thead th.odds-col')];
      const first = table.querySelector('tbody tr')!;
      const cells = [...first.querySelectorAll('td.odds-col')];
      return heads.map((th, i) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const text = [...range.getClientRects()].reduce((r, rect) => Math.max(r, rect.right), 0);
        const value = cells[i]!.querySelector('.odds-value')!.getBoundingClientRect().right;
        return Math.abs(Math.round(text - value)) <= 2 ? 0 : Math.round(text - value);
      });
    });

const leadTexts = (scope: ReturnType<Page['locator']>) =>
  scope
    .getByRole('list', { name: 'Best price' })
    .first()
    .locator('li')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

/** How many lines each answer of the first lead takes. */
const leadLines = (scope: ReturnType<Page['locator']>) =>
  scope
    .getByRole('list', { name: 'Best price' })
    .first()
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => Math.round(li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight))),
    );

for (const [name, context] of [
  ['360×740', PHONE],
  ['1280×800', DESKTOP],
] as const) {
  const width = context.viewport.width;
  const phone = width < 768;

  journey(
    app,
    `at ${name} every card and the match page lead with the best book and what it pays more, on the first screen`,
    async ({ page }) => {
      await logInAt(page, '/about', `lead${width}`);
      const card = page.locator('.event-card').filter({ hasText: 'Arsenal vs Chelsea' });
      await card.waitFor();
      expect(await leadTexts(card)).toEqual(phone ? LEAD_PHONE : LEAD);
      if (phone) expect(await leadLines(card)).toEqual([1, 1, 1]);
      // The answer is above the phone's bottom bar on the first screen, not under it.
      const lead = await card.getByRole('list', { name: 'Best price' }).boundingBox();
      const fold = phone
        ? ((await page.getByRole('navigation', { name: 'Quick links' }).boundingBox())?.y ?? 0)
        : context.viewport.height;
      expect(lead).not.toBeNull();
      expect(lead!.y + lead!.height).toBeLessThanOrEqual(fold);
      await expectNoOverflow(page);
      expect(await cutTexts(page)).toEqual([]);
      expect(await headerOffsets(card)).toEqual([0, 0, 0]);
      await shot(page, `lead-dashboard-${width}`);
      await card.getByRole('link', { name: 'Arsenal vs Chelsea' }).click();
      await page.waitForURL(/\/match\/evt_[0-9a-f]+$/);
      const market = page.locator('.match-market').first();
      await market.waitFor();
      expect(await leadTexts(market)).toEqual(phone ? LEAD_PHONE : LEAD);
      // 'Opening → current' shows every column inside its box (it was cut at 360 px).
      await market.locator('summary', { hasText: 'Opening → current' }).click();
      const opening = market.locator('.opening-table');
      await opening.waitFor();
      const fit = await opening.evaluate((table) => ({
        table: Math.ceil(table.getBoundingClientRect().width),
        box: table.parentElement!.clientWidth,
      }));
      expect(fit.table).toBeLessThanOrEqual(fit.box);
      await expectNoOverflow(page);
      await shot(page, `lead-match-${width}`);
    },
    { context },
  );

  journey(
    app,
    `at ${name} a team search by nickname looks in all four leagues and names each result's league`,
    async ({ page }) => {
      await logInAt(page, '/about', `search${width}`);
      await page.locator('.event-card').filter({ hasText: 'Arsenal vs Chelsea' }).waitFor();
      // Premier League is selected; 'Barca' still finds Barcelona, in La Liga, and says so.
      await page
        .getByRole('searchbox', { name: 'Search team' })
        .or(page.getByLabel('Search team'))
        .first()
        .fill('Barca');
      await see(page, 'Matches of all four leagues for this team, by kick-off:');
      const card = page.locator('.event-card').filter({ hasText: 'Barcelona vs Sevilla' });
      await card.waitFor();
      await see(card, 'La Liga', { exact: false });
      expect(await page.locator('.event-card').count()).toBe(1);
      await expectNoOverflow(page);
      await shot(page, `search-${width}`);
    },
    { context },
  );

  journey(
    app,
    `at ${name} a match link opened logged out asks to log in, then opens that exact address`,
    async ({ page }) => {
      const id = await eventId();
      const account = await verifiedAccount(app, newAccount(`link${width}`));
      await page.goto(`/match/${id}?ref=shared`);
      await atPath(page, '/');
      const login = await openDialog(page, DIALOG.login.title);
      await see(login, 'Log in to open this match');
      await expectNoOverflow(page);
      await shot(page, `link-login-${width}`);
      await fill(login, 'Username', account.username);
      await fill(login, 'Password', account.password);
      await button(login, DIALOG.login.submit).click();
      await page.waitForURL((url) => url.pathname === `/match/${id}` && url.search === '?ref=shared');
      await page.getByRole('heading', { name: 'Arsenal vs Chelsea', level: 1 }).waitFor();
      // Used once: the next plain login goes to the dashboard again.
      expect(await page.evaluate(() => window.sessionStorage.getItem('return-to'))).toBeNull();
    },
    { context },
  );

  journey(
    app,
    `at ${name} a slip link survives the login, and logging out empties the stored slip`,
    async ({ page }) => {
      const id = await eventId();
      const account = await verifiedAccount(app, newAccount(`sliplink${width}`));
      await page.goto(`/slip?legs=${id}~1~1~2~2.1`);
      const login = await openDialog(page, DIALOG.login.title);
      await see(login, 'Log in to open this slip');
      await fill(login, 'Username', account.username);
      await fill(login, 'Password', account.password);
      await button(login, DIALOG.login.submit).click();
      await atPath(page, '/dashboard');
      const slip = page.getByRole('dialog', { name: 'Bet slip' });
      await see(slip, /Home · BetKing/, { exact: false });
      const stored = await page.evaluate(() => window.localStorage.getItem('slip'));
      expect(JSON.parse(stored ?? '[]')).toHaveLength(1);
      await slip
        .getByRole('button', { name: /^Close/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await atPath(page, '/');
      await eventually(
        'the session gone',
        () => storedSession(page),
        (s) => s === null,
      );
      expect(await page.evaluate(() => window.localStorage.getItem('slip'))).toBeNull();
    },
    { context },
  );

  journey(
    app,
    `at ${name} a tapped price is picked unmistakably and confirmed, and the stake takes '5,000'`,
    async ({ page }) => {
      await logInAt(page, '/about', `pick${width}`);
      await see(page, 'Tap a price to add it to your slip');
      const price = page.getByRole('button', { name: /BetKing Home bet slip/ });
      await price.waitFor();
      await price.click();
      const added = await see(page.getByRole('status'), 'Added: Arsenal to win at BetKing 2.10', { exact: false });
      expect(await price.getAttribute('aria-pressed')).toBe('true');
      expect(await overPrices(page, added, phone)).toEqual({ inBar: true, slipInView: true, covered: [] });
      // Scrolled down the list, the bar and the confirmation in it stay on the screen, over no price.
      await page.mouse.wheel(0, 900);
      await eventually(
        'the page scrolled',
        () => page.evaluate(() => window.scrollY),
        (y) => y > 0,
      );
      expect(await overPrices(page, added, phone)).toEqual({ inBar: true, slipInView: true, covered: [] });
      await page.evaluate(() => window.scrollTo(0, 0));
      // Its own colour and a check mark, not a faint grey.
      const look = await price.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          outline: style.outlineStyle,
          background: style.backgroundColor,
          mark: getComputedStyle(el, '::before').content,
        };
      });
      expect(look.outline).toBe('solid');
      expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(look.mark).toContain('✓');
      await page.getByText('Tap a price to add it to your slip').waitFor({ state: 'detached' });
      await shot(page, `pick-dashboard-${width}`);
      const bar = phone ? page.getByRole('navigation', { name: 'Quick links' }) : page.getByRole('banner');
      await bar.getByRole('button', { name: 'Slip (1)' }).click();
      const slip = page.locator('#bet-slip');
      const stake = slip.getByLabel('Stake (₦)');
      await stake.waitFor();
      for (const typed of ['5,000', '5000', '₦5,000']) {
        await stake.fill(typed);
        await see(slip, '₦10,500.00');
      }
      await stake.fill('five');
      await see(slip, 'Enter the stake in Naira, e.g. 5000, 5,000 or ₦5,000 (kobo after a point: 5,000.50).');
      await stake.fill('5,000');
      await shot(page, `slip-open-${width}`);
      // BetKing pays most but makes no codes: the slip says why its code button names Bet9Ja.
      const why = await see(slip, "Codes can't be made at BetKing here. Next best: Bet9Ja.");
      await why.scrollIntoViewIfNeeded();
      await slip.getByRole('button', { name: 'Get Bet9Ja code' }).waitFor();
      await shot(page, `slip-codes-${width}`);
      if (!phone) {
        // Docked: the odds beside it stay usable while the slip is open.
        const other = page.getByRole('button', { name: /SportyBet Away bet slip/ });
        await other.click();
        expect(await other.getAttribute('aria-pressed')).toBe('true');
        await see(slip, /Away · SportyBet/, { exact: false });
        await expectNoOverflow(page);
      }
      // The hint is gone for good on this device.
      await page.reload();
      await page.getByRole('button', { name: /BetKing Home bet slip/ }).waitFor();
      expect(await page.getByText('Tap a price to add it to your slip').count()).toBe(0);
    },
    { context },
  );

  journey(
    app,
    `at ${name} the margin, the bookmaker marks and the value methods are explained by a tap, on /nigeria and the dashboard`,
    async ({ page }) => {
      const tap = (target: ReturnType<Page['locator']>) => (phone ? target.tap() : target.click());
      await prices();
      await page.goto('/nigeria');
      const preview = page.locator('.event-card').filter({ hasText: 'Arsenal vs Chelsea' });
      await preview.waitFor();
      const key = page.locator('.book-key').first();
      // The marks' key shows where the tables show marks (phones); desktops show the full names.
      expect(await key.isVisible()).toBe(phone);
      if (phone)
        expect(await key.innerText()).toBe(
          'Bookmakers: B9J Bet9Ja · BKG BetKing · SPB SportyBet · NRB NairaBet · 1XB 1XBet',
        );
      if (phone) {
        // The key wraps inside the screen rather than running off it.
        const box = await key.evaluate((p) => ({ scroll: p.scrollWidth, client: p.clientWidth }));
        expect(box.scroll).toBeLessThanOrEqual(box.client);
      }
      const ov = preview.getByRole('button', { name: 'Ov' }).first();
      expect(await ov.getAttribute('aria-expanded')).toBe('false');
      await tap(ov);
      expect(await ov.getAttribute('aria-expanded')).toBe('true');
      await see(preview, /^Ov \(overround\) is the bookmaker’s margin on this market/, { exact: false });
      await expectNoOverflow(page);
      await shot(page, `nigeria-ov-${width}`);

      await logInAt(page, '/about', `explain${width}`);
      const card = page.locator('.event-card').filter({ hasText: 'Arsenal vs Chelsea' });
      await card.waitFor();
      expect(await page.locator('.book-key').first().isVisible()).toBe(phone);
      const cardOv = card.getByRole('button', { name: 'Ov' }).first();
      await tap(cardOv);
      await see(card, /^Ov \(overround\)/, { exact: false });
      if (phone) {
        const mark = card.getByRole('button', { name: 'SportyBet', exact: true }).first();
        await tap(mark);
        await see(card, 'SPB SportyBet');
      }
      await expectNoOverflow(page);
      await shot(page, `dashboard-explained-${width}`);

      await page.goto('/tools/value');
      for (const sentence of [
        /^Scales every chance down by the same factor/,
        /^Assumes part of the money comes from bettors who know more/,
      ]) {
        await see(page, sentence, { exact: false });
      }
      await expectNoOverflow(page);
      await shot(page, `value-methods-${width}`);
    },
    { context },
  );
}

const TABLET = { viewport: { width: 768, height: 1024 } };

journey(
  app,
  'at 768×1024 the confirmation lies in the top bar, over no price, and the slip opens over the page, not squeezing it',
  async ({ page }) => {
    await logInAt(page, '/about', 'pick768');
    const price = page.getByRole('button', { name: /BetKing Home bet slip/ });
    await price.waitFor();
    await price.click();
    const added = await see(page.getByRole('status'), 'Added: Arsenal to win at BetKing 2.10', { exact: false });
    expect(await overPrices(page, added, false)).toEqual({ inBar: true, slipInView: true, covered: [] });
    await page.getByRole('banner').getByRole('button', { name: 'Slip (1)' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByLabel('Stake (₦)').waitFor();
    // Below xl a docked slip would leave the page too narrow for its price table: it opens over it,
    // with a backdrop, and the page keeps its width.
    expect(await page.locator('.offcanvas-backdrop').count()).toBe(1);
    expect(await page.evaluate(() => document.body.classList.contains('slip-docked'))).toBe(false);
    await expectNoOverflow(page);
    await shot(page, 'slip-open-768');
    await slip
      .getByRole('button', { name: /^Close/ })
      .first()
      .click();
    await slip.waitFor({ state: 'hidden' });
  },
  { context: TABLET },
);
