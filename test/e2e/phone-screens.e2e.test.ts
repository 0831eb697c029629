/**
 * The screens beyond the dashboard on a 360×740 phone (docs/product.md#screens: phones first, no page
 * pans sideways, nothing floats over a price): the two tools, the bet slip sheet, the bell's
 * panel, /alerts and /profile with its delivery switches. Each is checked for sideways overflow
 * and for anything fixed (the bottom bar, the sheet) lying over a price, a link or a button, and
 * saved as a full-page screenshot under test-results/phone-screens/ to be looked at.
 *
 * Prices are pushed through POST /api/ingest: five books and five matches, some with long team
 * names, the 1X2 markets of Arsenal vs Chelsea and Brighton & Hove Albion vs Manchester United sure
 * bets; an alert on Arsenal fires, so the bell and /alerts have something to show.
 */
import { mkdirSync } from 'node:fs';
import { type Locator, type Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { logIn } from './support/dialogs';
import { journey, useApp, type App } from './support/e2e';
import { atPath, eventually, expectNoOverflow, heading, noDialog, see, storedSession } from './support/ui';
import { INGEST_TOKEN, pushBatch } from './support/ingest';

const app = useApp({ ODDS_FEED: 'none', INGEST_TOKEN });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const SHOTS = 'test-results/phone-screens';

const MATCHES = [
  { id: 'a', home: 'Arsenal', away: 'Chelsea', hours: 26 },
  { id: 'w', home: 'Wolverhampton Wanderers', away: 'Nottingham Forest', hours: 28 },
  { id: 'b', home: 'Brighton & Hove Albion', away: 'Manchester United', hours: 30 },
  { id: 'l', home: 'Liverpool', away: 'Everton', hours: 50 },
  { id: 't', home: 'Tottenham Hotspur', away: 'Crystal Palace', hours: 52 },
];
const PROVIDERS = [1, 2, 3, 4, 5];

/** Bet9Ja's price of Arsenal to win; raised past the alert the bell journey sets. */
let arsenalHome = 3.1;

/** 1X2 for a book and match: Arsenal vs Chelsea is a sure bet (each of three books best on one side). */
function result(provider: number, match: string): number[] {
  if (match === 'a') {
    if (provider === 1) return [arsenalHome, 2.0, 2.0];
    if (provider === 2) return [2.0, 3.5, 2.0];
    if (provider === 3) return [2.0, 2.0, 3.1];
    return [1.9, 3.2, 3.6];
  }
  // A second sure bet, with long team names, for the tools' cards.
  if (match === 'b')
    return (
      [
        [3.3, 2.0, 2.0],
        [2.0, 3.6, 2.0],
        [2.0, 2.0, 3.4],
      ][provider - 1] ?? [1.8, 3.3, 3.3]
    );
  return [1.85 + provider / 20, 3.4, 4.2 - provider / 10];
}

async function pushPrices(target: App): Promise<void> {
  const now = Date.now();
  for (const provider of PROVIDERS) {
    await pushBatch(target, {
      provider,
      country: 1,
      fetchedAt: new Date(now - 60_000).toISOString(),
      events: MATCHES.map((m) => ({
        externalId: `${provider}-${m.id}`,
        competition: 1,
        home: m.home,
        away: m.away,
        kickoff: new Date(now + m.hours * 3_600_000).toISOString(),
        markets: [
          { market: 1, prices: result(provider, m.id).map((value, i) => ({ selection: i + 1, value })) },
          { market: 7, prices: [14, 15].map((selection, i) => ({ selection, value: 1.75 + i * 0.2 })) },
        ],
      })),
    });
  }
}

let pushed: Promise<void> | undefined;

async function loggedIn(page: Page, prefix: string): Promise<void> {
  await (pushed ??= pushPrices(app));
  const account = await verifiedAccount(app, newAccount(prefix));
  await page.goto('/about');
  await logIn(page, account);
}

/**
 * Every price, link, button and form control in `scope` that something else lies over when it is
 * scrolled into view (the bottom bar, a sheet, a sticky column): its text and what covers it.
 * The fixed bars' own controls are not checked against themselves.
 */
async function covered(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const targets = root.querySelectorAll<HTMLElement>(
      '.odds-value, .odds-pick, .badge, a, button, input, select, textarea, [role="switch"]',
    );
    const found: string[] = [];
    for (const el of targets) {
      if (el.closest('.bottom-bar') && !root.closest('.bottom-bar')) continue;
      const first = el.getBoundingClientRect();
      if (first.width < 2 || first.height < 2) continue; // hidden or visually hidden
      // 'instant': Bootstrap makes the page's scrolling smooth, which would still be moving here.
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        found.push(`${el.tagName} "${el.textContent?.trim()}" out of reach`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      if (hit && (el.contains(hit) || hit.contains(el) || (el as HTMLInputElement).labels?.[0]?.contains(hit)))
        continue;
      const cover = hit?.closest('[class]')?.className ?? String(hit);
      found.push(`${el.tagName} "${el.textContent?.trim() || el.getAttribute('aria-label')}" under ${cover}`);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return found;
  });
}

/** Waits until the sheet or panel `sheet` has slid fully in. */
async function slidIn(page: Page, sheet: Locator): Promise<void> {
  await eventually(
    'the sheet shown',
    () => sheet.evaluate((el) => el.classList.contains('show')),
    (shown) => shown,
  );
  await settled(page);
}

/** Waits until no CSS transition runs (a sheet sliding in, a backdrop fading out). */
async function settled(page: Page): Promise<void> {
  await eventually(
    'transitions finished',
    () => page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length),
    (running) => running === 0,
  );
}

/**
 * Saves the page as a person would scroll through it (full page); a sheet or panel, which is
 * fixed to the screen and scrolls within itself, as the screen shows it.
 */
async function shoot(page: Page, name: string, what: 'page' | 'screen' = 'page'): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: what === 'page' });
}

/** Opens the account drawer's Tools link to `name`, as a phone does. */
async function openTool(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog').getByRole('navigation', { name: 'Tools' }).getByRole('link', { name }).click();
}

journey(
  app,
  'at 360×740 /tools/surebets: no overflow, nothing over a price or button; a screenshot',
  async ({ page }) => {
    await loggedIn(page, 'shotsure');
    await openTool(page, 'Sure bets');
    await atPath(page, '/tools/surebets');
    await heading(page, 'Sure bets', 1);
    await see(page.locator('.surebet-card').first(), /^Profit \d+\.\d{2}%$/);
    await noDialog(page);
    await settled(page);
    await expectNoOverflow(page);
    expect(await covered(page.getByRole('main'))).toEqual([]);
    await shoot(page, 'surebets');
  },
  { context: PHONE },
);

journey(
  app,
  'at 360×740 /tools/value: no overflow, nothing over a price or button; a screenshot',
  async ({ page }) => {
    await loggedIn(page, 'shotvalue');
    await openTool(page, 'Value bets');
    await atPath(page, '/tools/value');
    await heading(page, 'Value bets', 1);
    await eventually(
      'value bets listed',
      () => page.locator('.value-card').count(),
      (n) => n > 0,
    );
    await noDialog(page);
    await settled(page);
    await expectNoOverflow(page);
    expect(await covered(page.getByRole('main'))).toEqual([]);
    await shoot(page, 'value');
  },
  { context: PHONE },
);

journey(
  app,
  'at 360×740 the bet slip sheet with three legs: no overflow, nothing covered; a screenshot',
  async ({ page }) => {
    await loggedIn(page, 'shotslip');
    const matches = page.getByRole('region', { name: 'Matches' });
    await matches.locator('.event-card').first().waitFor();
    // The dashboard itself: the bottom bar lies over no price once it is scrolled to.
    expect(await covered(matches)).toEqual([]);
    for (const [book, match] of [
      ['Bet9Ja Home', 'Arsenal vs Chelsea'],
      ['BetKing Draw', 'Wolverhampton Wanderers vs Nottingham Forest'],
      ['SportyBet Away', 'Brighton & Hove Albion vs Manchester United'],
    ] as const) {
      const card = matches.locator('.event-card').filter({ hasText: match });
      const price = card.getByRole('button', { name: new RegExp(`${book} bet slip$`) });
      await price.click();
      expect(await price.getAttribute('aria-pressed')).toBe('true');
    }
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Slip (3)' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slidIn(page, slip);
    await eventually(
      'every book compared',
      () => slip.locator('tbody tr').count(),
      (n) => n === 5,
    );
    await expectNoOverflow(page);
    expect(await covered(slip)).toEqual([]);
    // The sheet scrolls within itself: its top, then its end.
    const body = slip.locator('.offcanvas-body');
    await body.evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
    await shoot(page, 'slip', 'screen');
    await body.evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
    await shoot(page, 'slip-end', 'screen');
  },
  { context: PHONE, timeoutMs: 60_000 },
);

journey(
  app,
  'at 360×740 the bell panel and /alerts with a fired and an active alert; screenshots',
  async ({ page }) => {
    await loggedIn(page, 'shotbell');
    const href = await page
      .locator('.event-card')
      .filter({ hasText: 'Arsenal vs Chelsea' })
      .getByRole('link', { name: 'Arsenal vs Chelsea' })
      .getAttribute('href');
    const eventId = href!.split('/').pop()!;
    const session = await storedSession(page);
    const alert = async (body: Record<string, unknown>) => {
      const response = await fetch(app.url('/api/users/me/alerts'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session!.token}` },
        body: JSON.stringify({ eventId, marketId: 1, ...body }),
      });
      expect(response.status).toBe(201);
    };
    await alert({ selectionTypeId: 1, providerId: 1, atLeast: Number((arsenalHome + 0.3).toFixed(2)) });
    await alert({ selectionTypeId: 3, dropPct: 15, includeBoosted: true });
    arsenalHome = Number((arsenalHome + 0.5).toFixed(2));
    await pushPrices(app);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await eventually(
      'the bell counts the fired alert',
      async () => {
        await page.reload();
        await page.locator('.event-card').first().waitFor();
        return bell.count();
      },
      (n) => n === 1,
    );
    // The count sits on the bell's corner; the bell itself keeps its size.
    const [icon, badge] = await bell.evaluate((button) =>
      [button.querySelector('svg')!, button.querySelector('.badge')!].map((el) => el.getBoundingClientRect().toJSON()),
    );
    expect(icon.width).toBe(16);
    expect(badge.left).toBeGreaterThan(icon.left + icon.width / 2);
    expect(badge.top).toBeLessThan(icon.top);
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await see(panel, /^Home is \d+\.\d{2} at Bet9Ja/, { exact: false });
    await slidIn(page, panel);
    await expectNoOverflow(page);
    expect(await covered(panel)).toEqual([]);
    await shoot(page, 'bell', 'screen');

    await page.goto('/alerts');
    await heading(page, 'My alerts', 1);
    await see(page, 'Fired');
    await see(page, 'Active');
    await expectNoOverflow(page);
    expect(await covered(page.getByRole('main'))).toEqual([]);
    await shoot(page, 'alerts');
  },
  { context: PHONE, timeoutMs: 60_000 },
);

journey(
  app,
  'at 360×740 /profile with its delivery switches: no overflow, nothing covered; a screenshot',
  async ({ page }) => {
    await loggedIn(page, 'shotprofile');
    // At once, before the dashboard has written its view into the address: that rewrite must not
    // take the person back (it did, about one tap in four).
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Profile' }).click();
    await atPath(page, '/profile');
    await page.getByRole('switch', { name: 'By e-mail' }).waitFor();
    // The drawer's backdrop fades out after the tap; it must then be gone, not stay over the page.
    await page.locator('.offcanvas-backdrop').waitFor({ state: 'detached' });
    await expectNoOverflow(page);
    expect(await covered(page.getByRole('main'))).toEqual([]);
    await shoot(page, 'profile');
  },
  { context: PHONE },
);
