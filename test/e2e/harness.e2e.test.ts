/**
 * The harness itself: the real server answers, mail reaches the SMTP capture, and the watch
 * notices what it must (console errors, CSP violations, failed requests, classes the purged CSS
 * lost) and lets allowed ones by.
 */
import { newAccount, registerAccount } from './support/accounts';
import { journey, useApp } from './support/e2e';
import { heading, eventually } from './support/ui';
import { ContextWatch } from './support/watch';

const app = useApp();

/** A context watched outside `journey()` (so the test can read the watch's findings itself), at /about. */
async function watchedAboutPage() {
  const context = await app.browser.newContext({ baseURL: app.server.url });
  const watch = await ContextWatch.attach(context);
  const page = await context.newPage();
  await page.goto('/about');
  await heading(page, 'About OddsMate', 1);
  return { context, watch, page };
}

test('a registration e-mail reaches the capture with a 6-digit code', async () => {
  const account = await registerAccount(app, newAccount('harness'));
  expect(account.code).toMatch(/^\d{6}$/);
});

test('the watch notices console errors, CSP violations and unexpected failed requests', async () => {
  const { context, watch, page } = await watchedAboutPage();
  try {
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

test('the watch notices an element whose Bootstrap class the built CSS does not style', async () => {
  const { context, watch, page } = await watchedAboutPage();
  try {
    await eventually(
      'classes of the page seen',
      () => watch.classes,
      (seen) => seen.has('btn'),
    );
    expect(() => watch.assertClean()).not.toThrow();
    // A range input is a Bootstrap control the app never renders, so its rules were purged.
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('input'), { type: 'range', className: 'form-range' })),
    );
    await eventually(
      'the added class seen',
      () => watch.classes,
      (seen) => seen.has('form-range'),
    );
    expect(() => watch.assertClean()).toThrow(/\.form-range is styled by Bootstrap but missing from the built CSS/);
  } finally {
    await context.close();
  }
});

journey(app, 'a quiet page passes the watch', async ({ page, watch }) => {
  await page.goto('/about');
  await heading(page, 'About OddsMate', 1);
  expect(watch.seen('/assets/').length).toBeGreaterThan(0);
});
