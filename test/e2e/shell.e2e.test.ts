/**
 * The frame around the pages (docs/product.md#screens): the phone layout with its bottom bar, and the generic
 * error screen a rendering error ends in.
 */
import { newAccount, verifiedAccount } from './support/accounts';
import { logIn } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { atPath, button, heading, link, see } from './support/ui';

const app = useApp();
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

journey(
  app,
  'on a 360×740 phone the bottom bar takes a logged-in person around',
  async ({ page }) => {
    const account = await verifiedAccount(app, newAccount('phone'));
    await page.goto('/');
    await heading(page, 'Get the best football odds in Nigeria, every time', 1);
    const bottomBar = page.getByRole('navigation', { name: 'Quick links' });
    expect(await bottomBar.count()).toBe(0);
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await logIn(page, account);
    await bottomBar.waitFor();
    const box = await bottomBar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(740);
    await page.getByRole('region', { name: 'Matches' }).locator('.event-card').first().waitFor();

    // Home, Drops, Tools, Alerts and the slip; Profile and Help are in the account drawer.
    expect((await bottomBar.locator('li').allTextContents()).map((t) => t.trim())).toEqual([
      'Home',
      'Drops',
      'Tools',
      'Alerts',
      'Slip (0)',
    ]);
    await link(bottomBar, 'Tools').click();
    await atPath(page, '/tools/surebets');
    await link(page.getByRole('navigation', { name: 'Bettor tools' }), 'Value bets').click();
    await atPath(page, '/tools/value');
    expect(await link(bottomBar, 'Tools').getAttribute('class')).toContain('active');
    await link(bottomBar, 'Alerts').click();
    await atPath(page, '/alerts');
    await page.getByRole('button', { name: 'Account' }).click();
    await link(page.getByRole('dialog'), 'Profile').click();
    await atPath(page, '/profile');
    await see(page.getByRole('main'), account.username);
    await link(bottomBar, 'Home').click();
    await atPath(page, '/dashboard');
    await page.getByRole('region', { name: 'Matches' }).locator('.event-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  },
  { context: PHONE },
);

journey(app, 'on a desktop the bottom bar stays hidden', async ({ page }) => {
  const account = await verifiedAccount(app, newAccount('desk'));
  await page.goto('/');
  await logIn(page, account);
  await page.getByRole('region', { name: 'Matches' }).locator('.event-card').first().waitFor();
  expect(await page.getByRole('navigation', { name: 'Quick links' }).isVisible()).toBe(false);
});

journey(app, 'a rendering error shows the error screen; Refresh Page recovers', async ({ page, watch }) => {
  // A malformed odds answer (an event without its markets list) makes the match card throw while
  // rendering. The server is real; only this one answer is replaced, once.
  let served = false;
  await page.route(
    (url) => url.pathname === '/api/odds/sample',
    async (route) => {
      if (served) return route.fallback();
      served = true;
      const event = { id: 'evt_broken', name: 'Arsenal vs Chelsea', date: new Date().toISOString(), competitionId: 1 };
      await route.fulfill({ json: { data: { source: 'demo', events: [{ ...event, markets: null }] } } });
    },
  );
  // React reports the error it caught; that console line is the point of this journey.
  watch.allowConsole(/Cannot read properties of null|Minified React error/);
  const reported = page.waitForRequest(
    (request) => request.url().endsWith('/api/analytics/events') && /critical_error/.test(request.postData() ?? ''),
  );
  await page.goto('/nigeria');

  await heading(page, 'Something went wrong!');
  await reported;
  // The frame stays usable around the error screen.
  await see(page.getByRole('banner'), 'Login');
  await button(page, 'Try Again').waitFor();
  await button(page, 'Refresh Page').click();
  await heading(page, 'Compare football odds in Nigeria', 1);
  await page.getByRole('region', { name: 'Sample matches' }).locator('.event-card').nth(1).waitFor();
  expect(await page.getByText('Something went wrong!').count()).toBe(0);
});
