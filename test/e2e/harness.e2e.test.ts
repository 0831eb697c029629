/**
 * The harness itself: the real server answers, mail reaches the SMTP capture, and the watch
 * notices what it must (console errors, CSP violations, failed requests) and lets allowed ones by.
 */
import { newAccount, registerAccount } from './support/accounts';
import { journey, useApp } from './support/e2e';
import { heading, eventually } from './support/ui';
import { ContextWatch } from './support/watch';

const app = useApp();

test('a registration e-mail reaches the capture with a 6-digit code', async () => {
  const account = await registerAccount(app, newAccount('harness'));
  expect(account.code).toMatch(/^\d{6}$/);
});

test('the watch notices console errors, CSP violations and unexpected failed requests', async () => {
  const context = await app.browser.newContext({ baseURL: app.server.url });
  try {
    const watch = await ContextWatch.attach(context);
    const page = await context.newPage();
    await page.goto('/about');
    await heading(page, 'About OddsMate', 1);
    watch.allow({ url: '/api/allowed-missing', status: 404 });
    await page.evaluate(async () => {
      console.error('something broke');
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
      await fetch('/api/allowed-missing');
      await fetch('/api/unexpected-missing');
    });
    const kinds = await eventually(
      'problems seen',
      () => watch.problems.map((p) => p.kind).sort(),
      (seen) => seen.includes('csp') && seen.includes('console') && seen.includes('request'),
    );
    expect(kinds.filter((k) => k === 'request')).toHaveLength(1);
    expect(watch.problems.find((p) => p.kind === 'request')?.url).toMatch(/unexpected-missing$/);
    expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    expect(() => watch.assertClean()).toThrow(/problem/);
  } finally {
    await context.close();
  }
});

journey(app, 'a quiet page passes the watch', async ({ page, watch }) => {
  await page.goto('/about');
  await heading(page, 'About OddsMate', 1);
  expect(watch.seen('/assets/').length).toBeGreaterThan(0);
});
