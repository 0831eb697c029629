/**
 * The odds screens on a 360×740 phone and a 1280×800 desktop against the real server and its demo
 * feed (docs/product.md#screens): no page or dialog pans sideways, every price and margin of a market
 * fits a phone without scrolling.
 */
import { type BrowserContextOptions, type Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { DIALOG, logIn, openLoginDialog } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { button, eventually, link, noDialog, openDialog } from './support/ui';

const app = useApp();
const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const SIZES: Array<[string, BrowserContextOptions]> = [
  ['360×740', PHONE],
  ['1280×800', DESKTOP],
];

const PUBLIC_ROUTES = [
  '/',
  '/nigeria',
  '/kenya',
  '/ghana',
  '/about',
  '/terms',
  '/privacy',
  '/responsible-gambling',
  '/no-such-page',
];
const PRIVATE_ROUTES = ['/dashboard', '/profile', '/help', '/feedback', '/drops'];
const MARKETS = ['1X2', 'OU0.5', 'OU1.5', 'OU2.5', 'OU3.5', 'OU4.5', 'BTTS', 'DC'];

const matches = (page: Page) => page.getByRole('region', { name: 'Matches' });
const firstCard = (page: Page) => matches(page).locator('.event-card').first();

/** How far the page pans sideways: 0 when nothing is wider than the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function expectNoPan(page: Page, where: string): Promise<void> {
  expect({ where, pans: await overflow(page) }).toEqual({ where, pans: 0 });
}

async function selectMarket(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('combobox', { name: 'Select Market', disabled: false });
  const value = await menu.evaluate(
    (el, code) => [...(el as HTMLSelectElement).options].find((o) => o.text.split(' ')[0] === code)?.value,
    name,
  );
  await menu.selectOption(value ?? name);
  // The list shows the chosen market (its name heads each card's table), not the one before.
  await firstCard(page).locator('.odds-scroll').waitFor();
  await firstCard(page)
    .locator('p .fw-semibold', { hasText: new RegExp(`^${name}$`) })
    .waitFor();
}

/** A layout shift as the browser reports it, with the class names of what moved. */
interface LayoutShift {
  value: number;
  nodes: string[];
}

/**
 * Lighthouse counts a cumulative layout shift up to 0.1 as good; a page keeps well under it (the
 * shifts are listed when it does not, to name what moved).
 */
const STEADY = 0.02;
/** Logged-in pages outside the menus the pan check walks. */
const MORE_ROUTES = ['/tools/surebets', '/tools/value', '/slip', '/alerts'];

/** From the next load on, every layout shift without recent input is kept in `window.shifts`. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: LayoutShift[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node?: Node | null }>;
      }>) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((s) => (s.node instanceof Element ? s.node.className : String(s.node)));
        w.shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: LayoutShift[] }).shifts);

function expectSteady(all: LayoutShift[]): void {
  const total = all.reduce((sum, shift) => sum + shift.value, 0);
  expect({ under: total < STEADY, shifts: total < STEADY ? [] : all }).toEqual({ under: true, shifts: [] });
}

/** A new account logged in, its dashboard's first card shown. */
async function onDashboard(page: Page, name: string): Promise<void> {
  const account = await verifiedAccount(app, newAccount(name));
  await page.goto('/about');
  await logIn(page, account);
  await firstCard(page).waitFor();
}

/** The answers of `pattern` arrive 600 ms late, as on a slow line. */
async function answerLate(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

describe.each(SIZES)('at %s', (size, context) => {
  journey(
    app,
    'no page and no dialog pans sideways',
    async ({ page, watch }) => {
      watch.allow({ url: '/no-such-page', status: 404 });
      const account = await verifiedAccount(app, newAccount(`pan${size.slice(0, 3)}`));
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route);
        await page.getByRole('main').first().waitFor();
        await expectNoPan(page, route);
      }
      await page.goto('/');
      const login = await openLoginDialog(page);
      await expectNoPan(page, 'login dialog');
      await link(login, DIALOG.login.signUpLink).or(button(login, DIALOG.login.signUpLink)).click();
      await openDialog(page, DIALOG.register.title);
      await expectNoPan(page, 'register dialog');
      await page.keyboard.press('Escape');
      await noDialog(page);
      const again = await openLoginDialog(page);
      await link(again, DIALOG.login.forgotLink).or(button(again, DIALOG.login.forgotLink)).click();
      await openDialog(page, DIALOG.forgot.title);
      await expectNoPan(page, 'forgot dialog');
      await page.keyboard.press('Escape');

      await logIn(page, account);
      for (const route of PRIVATE_ROUTES) {
        await page.goto(route);
        await page.getByRole('main').first().waitFor();
        if (route === '/dashboard') await firstCard(page).waitFor();
        await expectNoPan(page, route);
      }
      await page.goto('/dashboard');
      await firstCard(page).getByRole('link').first().click();
      await page.waitForURL(/\/match\//);
      await page.locator('table').first().waitFor();
      await expectNoPan(page, 'match page');
      await button(page.getByRole('banner'), 'Account').click();
      await openDialog(page);
      await expectNoPan(page, 'account drawer');
    },
    { context, timeoutMs: 120_000 },
  );

  journey(
    app,
    "a returning user's dashboard does not move while it loads",
    async ({ page }) => {
      await onDashboard(page, `cls${size.slice(0, 3)}`);
      await watchShifts(page);
      // The list answers late, as on a slow line, so the loading state is painted before it.
      await answerLate(page, '**/api/odds?*');
      await page.goto('/dashboard');
      await firstCard(page).waitFor();
      await page.getByText(/^Updated \d{2}:\d{2}$/).waitFor();
      expectSteady(await shifts(page));
    },
    { context, timeoutMs: 90_000 },
  );

  journey(
    app,
    'no other logged-in page moves while its answers arrive',
    async ({ page }) => {
      await onDashboard(page, `clp${size.slice(0, 3)}`);
      const match = await firstCard(page).locator('a[href^="/match/"]').first().getAttribute('href');
      await watchShifts(page);
      // Every answer late, so each page paints its loading states before its lists and cards.
      await answerLate(page, '**/api/**');
      const moved: Record<string, LayoutShift[]> = {};
      for (const route of [
        match ?? '/match/none',
        ...PRIVATE_ROUTES.filter((r) => r !== '/dashboard'),
        ...MORE_ROUTES,
      ]) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        // React renders the last answers after the network has gone quiet.
        await page.waitForTimeout(300);
        const all = await shifts(page);
        if (all.reduce((sum, shift) => sum + shift.value, 0) >= STEADY) moved[route] = all;
      }
      expect(moved).toEqual({});
    },
    { context, timeoutMs: 120_000 },
  );
});

journey(
  app,
  'at 360 px every price and every margin of every market is in view without scrolling',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('fit'));
    await page.goto('/about');
    await logIn(page, account);
    await firstCard(page).waitFor();
    for (const market of MARKETS) {
      await selectMarket(page, market);
      const tables = await matches(page)
        .locator('.odds-scroll')
        .evaluateAll((boxes) =>
          boxes.map((box) => {
            const inView = (el: Element) => {
              const r = el.getBoundingClientRect();
              return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth;
            };
            return {
              scrolls: box.scrollWidth > box.clientWidth,
              prices: [...box.querySelectorAll('.odds-value')].every(inView),
              margins: [...box.querySelectorAll('.odds-ov .badge')].every(inView),
              rows: box.querySelectorAll('tbody tr').length,
            };
          }),
        );
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables)
        expect({ market, ...table }).toEqual({ market, ...table, scrolls: false, prices: true, margins: true });
      await expectNoPan(page, `dashboard ${market}`);
    }
    // The full bookmaker name stays for screen readers and as the tooltip.
    const bookmaker = matches(page).getByRole('rowheader', { name: 'Bet9Ja' }).first();
    expect(await bookmaker.getAttribute('title')).toBe('Bet9Ja');
  },
  { context: PHONE, timeoutMs: 120_000 },
);

/** Whether the visible feedback shortcut overlaps any price or badge, at each scroll position of the page. */
async function shortcutCovers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const shortcut = document.querySelector('.feedback-shortcut');
    if (!shortcut || shortcut.getClientRects().length === 0) return [];
    const covered: string[] = [];
    const height = document.documentElement.scrollHeight;
    for (let y = 0; y < height; y += Math.round(window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const s = shortcut.getBoundingClientRect();
      for (const el of document.querySelectorAll('.odds-value, .badge, .odds-pick, .event-card a')) {
        const r = el.getBoundingClientRect();
        if (r.width && r.left < s.right && r.right > s.left && r.top < s.bottom && r.bottom > s.top)
          covered.push(`${el.textContent} at ${y}`);
      }
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

journey(
  app,
  'at 1280×800 the feedback shortcut covers no price or badge, and /feedback has none',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('fbdesk'));
    await page.goto('/about');
    await logIn(page, account);
    await firstCard(page).waitFor();
    const shortcut = page.getByRole('link', { name: 'Send feedback' });
    expect(await shortcut.isVisible()).toBe(true);
    expect(await shortcutCovers(page)).toEqual([]);
    await shortcut.click();
    await page.waitForURL('**/feedback');
    await page.getByRole('main').waitFor();
    expect(await page.getByRole('link', { name: 'Send feedback' }).count()).toBe(0);
  },
  { context: DESKTOP },
);

journey(
  app,
  'at 360 px the feedback shortcut does not float; the drawer leads to the form',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('fbphone'));
    await page.goto('/about');
    await logIn(page, account);
    await firstCard(page).waitFor();
    expect(await page.getByRole('link', { name: 'Send feedback' }).isVisible()).toBe(false);
    await button(page.getByRole('banner'), 'Account').click();
    await link(await openDialog(page), 'Feedback').click();
    await page.waitForURL('**/feedback');
  },
  { context: PHONE },
);

journey(
  app,
  'at 360×740 the first odds row of the first match is on the first screen',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('first'));
    await page.goto('/about');
    await logIn(page, account);
    await firstCard(page).locator('tbody tr').first().waitFor();
    const layout = await page.evaluate(() => {
      const tops = (selector: string) =>
        [...document.querySelectorAll(selector)].map((el) => Math.round(el.getBoundingClientRect().top));
      const row = document.querySelector('.event-card tbody tr')!.getBoundingClientRect();
      const bars = [...document.querySelectorAll('header, .bottom-bar')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0);
      return {
        counterLines: new Set(tops('.summary-counter')).size,
        filterLines: new Set(tops('.dashboard-filters select')).size,
        marketCut: (() => {
          const market = document.querySelectorAll<HTMLSelectElement>('.dashboard-filters select')[1]!;
          const probe = document.createElement('span');
          probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(market).font}`;
          probe.textContent = 'OU2.5 · Over/Under 2.5 goals';
          document.body.append(probe);
          const style = getComputedStyle(market);
          const room = market.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const cut = probe.getBoundingClientRect().width > room;
          probe.remove();
          return cut;
        })(),
        rowTop: row.top,
        rowBottom: row.bottom,
        bottomBarTop: Math.min(...bars.map((r) => (r.top > 100 ? r.top : Infinity))),
      };
    });
    expect(layout.counterLines).toBe(1);
    // One filter per row, each label beside its menu: the longest market name fits uncut.
    expect(layout.filterLines).toBe(2);
    expect(layout.marketCut).toBe(false);
    expect(layout.rowTop).toBeLessThan(740);
    // Not hidden behind the phone's bottom bar either.
    expect(layout.rowBottom).toBeLessThanOrEqual(layout.bottomBarTop);
    await page.screenshot({ path: 'test-results/dashboard-360x740-first-screen.png' });
  },
  { context: PHONE },
);

journey(
  app,
  "at 360×740 a best-price answer longer than the card keeps to one line, ending in '…'; the dashboard's market name is for screen readers only",
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('longlead'));
    await page.goto('/about');
    await logIn(page, account);
    await firstCard(page).locator('tbody tr').first().waitFor();
    const layout = await page.evaluate(() => {
      const card = document.querySelector('.odds-panel .event-card')!;
      const item = card.querySelector<HTMLElement>('.odds-lead-item')!;
      // The longest such answer: a tie of four books and a five-figure gain.
      const marks = item.querySelectorAll('.odds-lead-mark');
      marks[0]!.textContent = 'SPB, 1XB, NRB, BKG 12.43';
      if (marks[1]) marks[1].textContent = '₦11,180 more than B9J on ₦1,000';
      const label = document.getElementById(card.querySelector('table')!.getAttribute('aria-labelledby')!)!;
      return {
        lines: Math.round(item.getBoundingClientRect().height / parseFloat(getComputedStyle(item).lineHeight)),
        cut: item.scrollWidth > item.clientWidth,
        ellipsis: getComputedStyle(item).textOverflow,
        pans: document.documentElement.scrollWidth > window.innerWidth,
        labelText: label.textContent,
        labelHeight: label.getBoundingClientRect().height,
      };
    });
    expect(layout).toMatchObject({ lines: 1, cut: true, ellipsis: 'ellipsis', pans: false });
    // Not shown, yet still the table's name.
    expect(layout.labelHeight).toBeLessThanOrEqual(1);
    expect(layout.labelText).toContain('Match result');
    await expect(
      firstCard(page)
        .getByRole('table', { name: /Match result/ })
        .count(),
    ).resolves.toBe(1);
    // A match page, with no market menu above its tables, shows each market's name.
    await firstCard(page).getByRole('link').first().click();
    await page.waitForURL('**/match/**');
    const shown = page.getByText('Match result', { exact: false }).first();
    await shown.waitFor();
    expect((await shown.boundingBox())!.height).toBeGreaterThan(1);
  },
  { context: PHONE },
);

journey(
  app,
  "at 360×740 a team search's first result has its first odds row on the first screen, each best-price answer on one line",
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('firstsearch'));
    await page.goto('/about');
    await logIn(page, account);
    await firstCard(page).locator('tbody tr').first().waitFor();
    // The first match's home team, as a person would type it.
    const name = await firstCard(page).getByRole('heading', { level: 3 }).innerText();
    const team = name.split(' vs ')[0]!;
    await page.getByRole('searchbox', { name: 'Search team' }).fill(team);
    await page.getByText('Matches of all four leagues for this team, by kick-off:').waitFor();
    await firstCard(page).locator('tbody tr').first().waitFor();
    const layout = await page.evaluate(() => {
      const card = document.querySelector('.odds-panel .event-card')!;
      const row = card.querySelector('tbody tr')!.getBoundingClientRect();
      const bars = [...document.querySelectorAll('header, .bottom-bar')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0);
      const leads = [...card.querySelectorAll<HTMLElement>('.odds-lead-item')].map((item) => {
        const lineHeight = parseFloat(getComputedStyle(item).lineHeight);
        return { text: item.innerText, lines: Math.round(item.getBoundingClientRect().height / lineHeight) };
      });
      const note = document.querySelector<HTMLElement>('.odds-panel > p')!;
      return {
        rowBottom: row.bottom,
        bottomBarTop: Math.min(...bars.map((r) => (r.top > 100 ? r.top : Infinity))),
        leads,
        noteLines: Math.round(note.getBoundingClientRect().height / parseFloat(getComputedStyle(note).lineHeight)),
        noteFits: note.scrollWidth <= note.clientWidth,
      };
    });
    await page.screenshot({ path: 'test-results/dashboard-360x740-search-first-screen.png' });
    expect(layout.rowBottom).toBeLessThanOrEqual(layout.bottomBarTop);
    // The lead-in takes one line, uncut, leaving the room to the result.
    expect({ lines: layout.noteLines, fits: layout.noteFits }).toEqual({ lines: 1, fits: true });
    expect(layout.leads.length).toBeGreaterThan(0);
    for (const lead of layout.leads) expect(lead).toEqual({ text: lead.text, lines: 1 });
  },
  { context: PHONE },
);

journey(
  app,
  'at 360×740 a tapped bookmaker mark shows its full name under its row, over no price; cards leave the league to the menu',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('mark'));
    await page.goto('/about');
    await logIn(page, account);
    const table = firstCard(page).locator('table').first();
    await table.locator('tbody tr').first().waitFor();
    // One league at a time: the menu names it, the cards do not repeat it.
    const league = await page
      .getByRole('combobox', { name: 'Select League', disabled: false })
      .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
    expect(league).toBe('Premier League');
    expect(await matches(page).getByText(league).count()).toBe(0);
    expect(await matches(page).locator('.competition-flag').count()).toBe(0);

    const mark = table.getByRole('button', { name: 'SportyBet', exact: true });
    expect(await mark.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"SPB" / ""');
    expect(await table.locator('.odds-book-full').count()).toBe(0);
    await mark.tap();
    expect(await mark.getAttribute('aria-expanded')).toBe('true');
    const line = table.locator('.odds-book-full');
    await line.waitFor();
    expect(await line.innerText()).toBe('SPB SportyBet');
    // The name is on a line of its own: no price or margin under it, each still the topmost thing at its centre.
    const clash = await table.evaluate((box) => {
      box.scrollIntoView({ block: 'center', behavior: 'instant' });
      const name = box.querySelector('.odds-book-full')!.getBoundingClientRect();
      return [...box.querySelectorAll('.odds-value, .odds-ov .badge')].flatMap((el) => {
        const r = el.getBoundingClientRect();
        const over = r.left < name.right && r.right > name.left && r.top < name.bottom && r.bottom > name.top;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return over || !top || !el.contains(top) ? [el.textContent] : [];
      });
    });
    expect(clash).toEqual([]);
    await expectNoPan(page, 'a bookmaker name shown');
    // Read once: the row header is the name, the line under it is not in the accessibility tree.
    expect(await table.getByRole('rowheader', { name: 'SportyBet', exact: true }).count()).toBe(1);
    expect(await line.getAttribute('aria-hidden')).toBe('true');
    // A second tap hides it; the keyboard opens another.
    await mark.tap();
    expect(await table.locator('.odds-book-full').count()).toBe(0);
    const other = table.getByRole('button', { name: 'NairaBet', exact: true });
    await other.focus();
    await page.keyboard.press('Enter');
    await table.locator('.odds-book-full').waitFor();
    expect(await table.locator('.odds-book-full').innerText()).toBe('NRB NairaBet');
    await expectNoPan(page, 'a bookmaker name shown by keyboard');
    await page.screenshot({ path: 'test-results/dashboard-360x740-bookmaker-name.png' });
  },
  { context: PHONE },
);

journey(
  app,
  'at 1280×800 the bookmaker column shows the full names; the marks are neither shown nor focusable',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('markdesk'));
    await page.goto('/about');
    await logIn(page, account);
    const table = firstCard(page).locator('table').first();
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody th').allInnerTexts()).toEqual([
      'Bet9Ja',
      'BetKing',
      'SportyBet',
      'NairaBet',
      '1XBet',
    ]);
    expect(
      await table.locator('.odds-mark').evaluateAll((marks) => marks.map((m) => getComputedStyle(m).display)),
    ).toEqual(['none', 'none', 'none', 'none', 'none']);
    expect(await table.getByRole('rowheader', { name: 'Bet9Ja', exact: true }).count()).toBe(1);
  },
  { context: DESKTOP },
);

describe.each(SIZES)('at %s the view lives in the address', (size, context) => {
  journey(
    app,
    'reload and a shared link restore league, market, day and search; chips and search filter as you go',
    async ({ app: running, page }) => {
      const account = await verifiedAccount(app, newAccount(`url${size.slice(0, 3)}`));
      await page.goto('/about');
      await logIn(page, account);
      await firstCard(page).waitFor();
      await page.waitForURL(/league=1&market=1/);
      await page.getByRole('combobox', { name: 'Select League', disabled: false }).selectOption({ label: 'Serie A' });
      await selectMarket(page, 'BTTS');
      await page.waitForURL(/league=3&market=7/);
      // Another selection's cards never stay: the first card here is Serie A's BTTS list.
      await firstCard(page).getByRole('heading', { level: 3 }).waitFor();
      const names = await matches(page).getByRole('heading', { level: 3 }).allTextContents();
      const team = names[0]!.split(' vs ')[0]!;
      await page.getByRole('searchbox', { name: 'Search team' }).pressSequentially(team.toLowerCase().slice(0, 5));
      await page.waitForURL(/q=/);
      // The address changes at once; the narrowed list follows with React's next commit.
      const shown = await eventually(
        'the list narrowed to the team',
        () => matches(page).getByRole('heading', { level: 3 }).allTextContents(),
        (now) => now.length > 0 && now.length < names.length,
      );
      for (const name of shown) expect(name.toLowerCase()).toContain(team.toLowerCase().slice(0, 5));
      await button(page, 'Weekend').click();
      await page.waitForURL(/day=weekend/);
      const address = page.url();

      await page.reload();
      await firstCard(page)
        .waitFor()
        .catch(() => undefined);
      expect(page.url()).toBe(address);
      expect(await page.getByRole('combobox', { name: 'Select League', disabled: false }).inputValue()).toBe('3');
      expect(await page.getByRole('combobox', { name: 'Select Market', disabled: false }).inputValue()).toBe('7');
      expect(await button(page, 'Weekend').getAttribute('aria-pressed')).toBe('true');

      // The same link opened in another tab shows the same view.
      const other = await page.context().newPage();
      await other.goto(address);
      await other.getByRole('combobox', { name: 'Select Market', disabled: false }).waitFor();
      expect(await other.getByRole('combobox', { name: 'Select League', disabled: false }).inputValue()).toBe('3');
      expect(await other.getByRole('searchbox', { name: 'Search team' }).inputValue()).toBe(
        new URL(address).searchParams.get('q'),
      );
      await other.close();

      // Unknown values fall back to the first league and market.
      await page.goto(running.url('/dashboard?league=77&market=99&day=never'));
      await firstCard(page).waitFor();
      await page.waitForURL((url) => url.search === '?league=1&market=1');
    },
    { context, timeoutMs: 120_000 },
  );
});

describe.each(SIZES)('at %s the margin levels are explained', (size, context) => {
  journey(
    app,
    "a visible 'Ov' legend with the badge levels, reachable by keyboard and touch, leads to /help's same levels",
    async ({ page }) => {
      const account = await verifiedAccount(app, newAccount(`ov${size.slice(0, 3)}`));
      await page.goto('/about');
      await logIn(page, account);
      await firstCard(page).waitFor();
      const legend = page.locator('.margin-legend');
      expect(await legend.isVisible()).toBe(true);
      // What is seen (the screen-reader words are checked apart).
      const seen = await legend.evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
        return copy.textContent ?? '';
      });
      expect(await legend.locator('.visually-hidden').allTextContents()).toEqual([
        'up to 5%',
        'over 5% up to 10%',
        'above 10%',
      ]);
      expect(seen).toMatch(/Ov is the bookmaker margin:\s*≤ 5%\s*good\s*≤ 10%\s*average\s*> 10%\s*high/);
      // Every badge in the tables uses the same three colours as the legend.
      const colours = await matches(page)
        .locator('.odds-ov .badge')
        .evaluateAll((badges) => [...new Set(badges.map((b) => [...b.classList].find((c) => c.startsWith('bg-'))))]);
      for (const colour of colours) expect(['bg-success', 'bg-warning', 'bg-danger', 'bg-secondary']).toContain(colour);
      const more = link(legend, 'What is the margin?');
      await more.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/help#margin');
      const help = page.getByRole('main');
      const heading = help.getByRole('heading', { name: 'Margin (Ov)' });
      await heading.waitFor();
      // The link leads to its section: the page is scrolled to it, the heading on the screen (it sat
      // more than a screen down at the top of the page). From md the top bar stays over the page's
      // top, so the heading is below it.
      await eventually(
        'the Margin section on the screen',
        () =>
          heading.evaluate((el) => {
            const header = document.querySelector('header');
            const sticky = header !== null && getComputedStyle(header).position === 'sticky';
            const below = sticky ? header.getBoundingClientRect().bottom - 1 : 0;
            const top = el.getBoundingClientRect().top;
            return { onScreen: top >= below && top < window.innerHeight / 2, scrolled: window.scrollY > 0 };
          }),
        (seen) => seen.onScreen && seen.scrolled,
      );
      expect(await help.locator('ul.list-unstyled').first().innerText()).toMatch(
        /5% good \(up to 5%\)\s*10% average \(over 5% up to 10%\)\s*15% high \(above 10%\)/,
      );
      await expectNoPan(page, '/help');
    },
    { context },
  );
});

describe.each(SIZES)('at %s freshness and movement', (size, context) => {
  journey(
    app,
    "'Updated HH:MM', 'Prices are simulated', arrows only for the last hour with their price and time; a screenshot",
    async ({ page }) => {
      const account = await verifiedAccount(app, newAccount(`fresh${size.slice(0, 3)}`));
      await page.goto('/about');
      await logIn(page, account);
      await firstCard(page).waitFor();
      const line = page.locator('.dashboard-freshness');
      await eventually(
        'the freshness line',
        () => line.innerText(),
        (text) => /^Updated \d{2}:\d{2}$/.test(text),
      );
      const banner = page.getByText('Prices are simulated', { exact: true });
      expect(await banner.isVisible()).toBe(true);

      const arrows = await matches(page)
        .locator('.odds-icons [title]')
        .evaluateAll((marks) => marks.map((m) => ({ title: m.getAttribute('title'), read: m.textContent })));
      const now = new Date();
      for (const { title, read } of arrows) {
        const match = /^odds (increased|decreased), was (\d+\.\d{2}), (\d{2}):(\d{2})$/.exec(title ?? '');
        expect({ title, ok: match !== null }).toEqual({ title, ok: true });
        expect(read).toContain(title);
        // Within the last 60 minutes, in the browser's (Lagos) time.
        const lagos = new Date(now.toLocaleString('en-US', { timeZone: 'Africa/Lagos' }));
        const minutes = lagos.getHours() * 60 + lagos.getMinutes() - (Number(match![3]) * 60 + Number(match![4]));
        expect((minutes + 1440) % 1440).toBeLessThanOrEqual(60);
      }
      await page.screenshot({ path: `test-results/dashboard-${size}.png` });
    },
    { context, timeoutMs: 120_000 },
  );
});
