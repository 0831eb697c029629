/**
 * Journeys that need short lifetimes, on a server of their own: an expired
 * verification code, and an access token that expires while the dashboard is in use and is
 * renewed silently with the refresh token (no login dialog, the dashboard keeps working).
 */
import { newAccount, resetPasswordElsewhere, verifiedAccount } from './support/accounts';
import { DIALOG, logIn, openRegisterDialog, submitRegistration } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import {
  atPath,
  button,
  eventually,
  fill,
  heading,
  noDialog,
  openDialog,
  see,
  storedSession,
  tokenExp,
} from './support/ui';

const ACCESS_TOKEN_TTL_S = 12;
const OTP_TTL_S = 4;
const app = useApp({ ACCESS_TOKEN_TTL_S: String(ACCESS_TOKEN_TTL_S), OTP_TTL_S: String(OTP_TTL_S) });

journey(app, 'an expired verification code is refused with the expiry message', async ({ page, watch }) => {
  watch.allow({ url: '/api/users/verify-email', status: 400 });
  const account = newAccount('slow');
  await page.goto('/');
  const register = await openRegisterDialog(page);
  const since = Date.now();
  const verify = await submitRegistration(page, register, account);
  const mail = await app.mail.waitForMail(account.email, { since });
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(`${mail.subject}\n${mail.text}`)?.[1] ?? '';
  // Wait out the code's lifetime (the server counts from when it sent the e-mail).
  await page.waitForTimeout(Math.max(0, mail.at + (OTP_TTL_S + 1) * 1000 - Date.now()));
  await fill(verify, 'Verification Code', code);
  await button(verify, DIALOG.verify.submit).click();
  await see(verify, 'Verification code has expired. Please request a new one.');
});

journey(
  app,
  'an access token that expires during dashboard use is refreshed silently',
  async ({ page, watch }) => {
    // The expired token's calls answer 401 once; the app refreshes and retries them.
    watch.allow({ url: /\/api\/odds\?/, status: 401 }, { url: '/api/users/me', status: 401 });
    const account = await verifiedAccount(app, newAccount('longsession'));
    await page.goto('/');
    await logIn(page, account);
    const cards = page.getByRole('region', { name: 'Matches' }).locator('.event-card');
    await cards.first().waitFor();
    const first = await storedSession(page);
    expect(first).not.toBeNull();
    expect(tokenExp(first!.token) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_S);

    // Wait until the token has expired, then keep using the dashboard.
    await page.waitForTimeout(Math.max(0, tokenExp(first!.token) * 1000 + 1_000 - Date.now()));
    const firstLeague = await cards.getByRole('heading', { level: 3 }).allInnerTexts();
    await page.getByLabel('Select League').selectOption({ label: 'Serie A' });
    // Serie A's matches replace the first league's (the refresh happened on the way).
    await eventually(
      'Serie A matches after the refresh',
      () => cards.first().getByRole('heading', { level: 3 }).innerText(),
      (name) => !firstLeague.includes(name),
    );
    await page.getByLabel('Select Market').selectOption({ label: 'BTTS · Both teams to score' });
    await eventually(
      'BTTS columns after the refresh',
      async () => (await cards.first().getByRole('table').first().locator('thead th').allInnerTexts()).join(),
      (headers) => headers === 'Bookmaker,Yes,No,Ov',
    );

    expect(watch.seen('/api/users/refresh', 200).length).toBeGreaterThanOrEqual(1);
    const renewed = await storedSession(page);
    expect(renewed?.token).not.toBe(first!.token);
    expect(renewed?.refreshToken).not.toBe(first!.refreshToken);
    expect(tokenExp(renewed!.token)).toBeGreaterThan(Math.floor(Date.now() / 1000));
    await atPath(page, '/dashboard');
    await noDialog(page);
    expect(await page.getByText('Session expired. Please log in again.').count()).toBe(0);

    // A reload with a token close to expiry refreshes during the start-up check and stays in.
    const before = watch.seen('/api/users/refresh', 200).length;
    await page.reload();
    await cards.first().waitFor();
    await atPath(page, '/dashboard');
    expect(watch.seen('/api/users/refresh', 200).length).toBeGreaterThan(before);
    await see(page.getByRole('banner'), 'Account');
  },
  { timeoutMs: 90_000 },
);

journey(
  app,
  'when the session cannot be renewed (password reset elsewhere) the person is asked to log in again',
  async ({ page, watch }) => {
    // The expired access token answers 401, and so does the revoked refresh token.
    watch.allow(
      { url: /\/api\/odds\?/, status: 401 },
      { url: '/api/users/me', status: 401 },
      { url: '/api/users/refresh', status: 401 },
    );
    const account = await verifiedAccount(app, newAccount('resetelsewhere'));
    await page.goto('/');
    await logIn(page, account);
    const cards = page.getByRole('region', { name: 'Matches' }).locator('.event-card');
    await cards.first().waitFor();
    const session = await storedSession(page);

    // A password reset on another device revokes every refresh token of the account.
    await resetPasswordElsewhere(app, account, `${account.password}-changed`);
    await page.waitForTimeout(Math.max(0, tokenExp(session!.token) * 1000 + 1_000 - Date.now()));
    await page.getByLabel('Select League').selectOption({ label: 'Bundesliga' });

    const login = await openDialog(page, DIALOG.login.title);
    await see(login, 'Session expired. Please log in again.');
    await atPath(page, '/');
    expect(await storedSession(page)).toBeNull();
    expect(watch.seen('/api/users/refresh', 401).length).toBeGreaterThanOrEqual(1);
  },
  { timeoutMs: 90_000 },
);

journey(
  app,
  "a protected page shows 'Loading...' while the start-up check renews the session",
  async ({ page, watch }) => {
    watch.allow({ url: '/api/users/me', status: 401 });
    const account = await verifiedAccount(app, newAccount('slownet'));
    await page.goto('/');
    await logIn(page, account);
    // On a slow network the renewal takes a while; the page waits for it, then shows the profile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/refresh', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/profile');
    await see(page.getByRole('main'), 'Loading...');
    release();
    await heading(page, 'Your profile', 1);
    await see(page.getByRole('main'), account.username);
    await atPath(page, '/profile');
    expect(watch.seen('/api/users/refresh', 200).length).toBeGreaterThanOrEqual(1);
  },
);
