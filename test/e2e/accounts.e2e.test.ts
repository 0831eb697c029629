/**
 * Account journeys besides the main sign-up: login with an unverified account,
 * forgot → reset → dashboard, a reset on another device ending this session, wrong password,
 * taken username and e-mail, a wrong code, the resend cooldown, and how the dialogs close
 * (Escape; Login and Register ignore clicks outside).
 */
import { type Locator, type Page } from 'playwright-core';
import { newAccount, registerAccount, resetPasswordElsewhere, verifiedAccount } from './support/accounts';
import { DIALOG, logIn, openLoginDialog, openRegisterDialog, submitRegistration } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { atPath, button, dialog, eventually, fill, noDialog, openDialog, see, storedSession } from './support/ui';

const app = useApp();

/** A different 6-digit code than `code`. */
const wrongCodeFor = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

async function clickOutside(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.click(8, size.height - 8);
}

async function fillLogin(login: Locator, username: string, password: string): Promise<void> {
  await fill(login, 'Username', username);
  await fill(login, 'Password', password);
  await button(login, DIALOG.login.submit).click();
}

journey(app, 'login with an unverified account asks for the code in the login context', async ({ page, watch }) => {
  watch.allow({ url: '/api/users/login', status: 403 }, { url: '/api/users/verify-email', status: 400 });
  const account = await registerAccount(app, newAccount('unverified'));
  await page.goto('/terms');
  const login = await openLoginDialog(page);
  await fillLogin(login, account.username, account.password);

  // Login closes; verification opens for the account's e-mail. Within the resend cooldown the
  // server sends no new code, so the latest e-mail's code is the one to use.
  const verify = await openDialog(page, DIALOG.verify.title);
  await see(verify, account.email, { exact: false });
  expect(await dialog(page, DIALOG.login.title).count()).toBe(0);

  // A wrong code gets the login context's wording.
  const code = app.mail.latestCode(account.email);
  await fill(verify, 'Verification Code', wrongCodeFor(code));
  await button(verify, DIALOG.verify.submit).click();
  await see(verify, 'Invalid or expired verification code. Please check your email or request a new one.');

  // 'Back' in the login context returns to Login.
  await button(verify, DIALOG.verify.back).click();
  const again = await openDialog(page, DIALOG.login.title);
  await fillLogin(again, account.username, account.password);
  const verifyAgain = await openDialog(page, DIALOG.verify.title);
  await fill(verifyAgain, 'Verification Code', app.mail.latestCode(account.email));
  await button(verifyAgain, DIALOG.verify.submit).click();
  const welcome = await openDialog(page, DIALOG.welcome.title);
  await button(welcome, 'Get Started').click();
  await atPath(page, '/dashboard');
  expect((await storedSession(page))?.user).toMatchObject({ username: account.username, email: account.email });
});

journey(app, 'forgot password → code from the e-mail → reset → dashboard', async ({ page, watch }) => {
  watch.allow({ url: '/api/users/login', status: 401 });
  const account = await verifiedAccount(app, newAccount('forgetful'));
  await page.goto('/nigeria');
  const login = await openLoginDialog(page);
  await button(login, DIALOG.login.forgotLink).click();
  const forgot = await openDialog(page, DIALOG.forgot.title);

  await button(forgot, DIALOG.forgot.submit).click();
  await see(forgot, 'Please enter your email address');
  await fill(forgot, 'Email', 'not-an-email');
  await button(forgot, DIALOG.forgot.submit).click();
  await see(forgot, 'Please enter a valid email address');

  await fill(forgot, 'Email', account.email);
  const since = Date.now();
  await button(forgot, DIALOG.forgot.submit).click();
  await see(forgot, 'Reset instructions sent', { exact: false });
  await button(forgot, 'Enter Verification Code').click();

  const reset = await openDialog(page, DIALOG.reset.title);
  const code = await app.mail.waitForCode(account.email, { since });
  const newPassword = `${account.password}-new`;
  await fill(reset, 'Verification Code', code);
  await fill(reset, 'Password', newPassword);
  await fill(reset, 'Confirm Password', `${newPassword}x`);
  await button(reset, DIALOG.reset.submit).click();
  await see(reset, 'Passwords do not match');
  await fill(reset, 'Confirm Password', newPassword);
  await button(reset, DIALOG.reset.submit).click();
  await atPath(page, '/dashboard');
  await noDialog(page);
  expect((await storedSession(page))?.user).toMatchObject({ username: account.username, email: account.email });

  // The old password no longer works; the new one does.
  await page.evaluate(() => window.localStorage.removeItem('auth-session'));
  await page.goto('/responsible-gambling');
  const relogin = await openLoginDialog(page);
  await fillLogin(relogin, account.username, account.password);
  await see(relogin, 'Invalid username or password. Please check your credentials and try again.');
  await fill(relogin, 'Password', newPassword);
  await button(relogin, DIALOG.login.submit).click();
  await atPath(page, '/dashboard');
});

journey(app, 'a password reset on another device ends this session at once', async ({ page, watch }) => {
  // The voided access token answers 401, and so does the revoked refresh token.
  watch.allow(
    { url: /\/api\/odds\?/, status: 401 },
    { url: '/api/users/me', status: 401 },
    { url: '/api/users/refresh', status: 401 },
  );
  const account = await verifiedAccount(app, newAccount('stolenphone'));
  await page.goto('/');
  await logIn(page, account);
  await page.getByRole('region', { name: 'Matches' }).locator('.event-card').first().waitFor();
  expect(await storedSession(page)).not.toBeNull();

  // Tokens issued before the second of the reset are void (iat has whole seconds).
  await page.waitForTimeout(1_100);
  await resetPasswordElsewhere(app, account, `${account.password}-changed`);
  // The access token is far from expiry (15 minutes here): only the reset can refuse it.
  const refused = page.waitForResponse((r) => r.url().includes('/api/odds?') && r.status() === 401);
  await page.getByLabel('Select League').selectOption({ label: 'La Liga' });
  expect(((await (await refused).json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');

  const login = await openDialog(page, DIALOG.login.title);
  await see(login, 'Session expired. Please log in again.');
  await atPath(page, '/');
  expect(await storedSession(page)).toBeNull();
});

journey(
  app,
  'forgot password: an unknown e-mail, then a second request within the cooldown',
  async ({ page, watch }) => {
    watch.allow({ url: '/api/users/forgot-password', status: 404 });
    const account = await verifiedAccount(app, newAccount('impatient'));
    await page.goto('/kenya');
    const login = await openLoginDialog(page);
    await button(login, DIALOG.login.forgotLink).click();
    const forgot = await openDialog(page, DIALOG.forgot.title);
    await fill(forgot, 'Email', `nobody.${account.email}`);
    await button(forgot, DIALOG.forgot.submit).click();
    await see(forgot, 'No account found with this email address.');
    await fill(forgot, 'Email', account.email);
    await button(forgot, DIALOG.forgot.submit).click();
    await see(forgot, 'Reset instructions sent', { exact: false });
    await page.keyboard.press('Escape');
    await noDialog(page);

    const again = await openLoginDialog(page);
    await button(again, DIALOG.login.forgotLink).click();
    const second = await openDialog(page, DIALOG.forgot.title);
    await fill(second, 'Email', account.email);
    await button(second, DIALOG.forgot.submit).click();
    // The person still holds the code just sent: the code step opens instead of an error (docs/architecture.md#accounts).
    const reset = await openDialog(page, DIALOG.reset.title);
    await see(reset, `We already sent a code to ${account.email} a moment ago.`, { exact: false });
    expect(await reset.getByRole('button', { name: /^Resend in \d+s$/ }).isDisabled()).toBe(true);
  },
);

journey(app, 'login: required fields and a wrong password', async ({ page, watch }) => {
  watch.allow({ url: '/api/users/login', status: 401 });
  const account = await verifiedAccount(app, newAccount('typo'));
  await page.goto('/privacy');
  const login = await openLoginDialog(page);
  await fillLogin(login, '   ', account.password);
  await see(login, 'Please enter both username and password');
  await fillLogin(login, account.username, `${account.password}!`);
  await see(login, 'Invalid username or password. Please check your credentials and try again.');
  // After a failed submit the dialog still closes on Escape.
  await page.keyboard.press('Escape');
  await noDialog(page);
  await openLoginDialog(page);
  // The username is trimmed before sending.
  await fillLogin(login, `  ${account.username}  `, account.password);
  await atPath(page, '/dashboard');
});

journey(app, 'login while offline says there is no internet connection', async ({ page, context, watch }) => {
  watch.allow({ url: '/api/users/login' });
  const account = await verifiedAccount(app, newAccount('offline'));
  await page.goto('/about');
  const login = await openLoginDialog(page);
  await context.setOffline(true);
  await fillLogin(login, account.username, account.password);
  await see(login, 'No internet connection. Please check your network and try again.');
  await context.setOffline(false);
  await button(login, DIALOG.login.submit).click();
  await atPath(page, '/dashboard');
});

journey(app, 'register: validation, taken username, taken e-mail', async ({ page, watch }) => {
  watch.allow({ url: '/api/users/register', status: 409 });
  const existing = await verifiedAccount(app, newAccount('taken'));
  await page.goto('/nigeria');
  const register = await openRegisterDialog(page);
  const submit = button(register, DIALOG.register.submit);

  await submit.click();
  await see(register, 'Please fill in all fields');
  const fresh = newAccount('fresh');
  await fill(register, 'Username', fresh.username);
  await fill(register, 'Email', 'fresh@');
  await fill(register, 'Password', 'short');
  await fill(register, 'Confirm Password', 'shorter');
  await submit.click();
  await see(register, 'Passwords do not match');
  await fill(register, 'Confirm Password', 'short');
  await submit.click();
  await see(register, 'Password must be at least 8 characters long');
  await fill(register, 'Password', fresh.password);
  await fill(register, 'Confirm Password', fresh.password);
  await submit.click();
  await see(register, 'Please enter a valid email address');

  await fill(register, 'Username', existing.username.toUpperCase());
  await fill(register, 'Email', fresh.email);
  await submit.click();
  await see(register, 'This username is already taken. Please choose a different username.');

  await fill(register, 'Username', fresh.username);
  await fill(register, 'Email', existing.email);
  await submit.click();
  await see(register, 'An account with this email already exists. Please use a different email or try logging in.');
});

journey(app, 'a wrong code is refused; the right one verifies', async ({ page, watch }) => {
  watch.allow({ url: '/api/users/verify-email', status: 400 });
  const account = newAccount('wrongcode');
  await page.goto('/nigeria');
  const register = await openRegisterDialog(page);
  const since = Date.now();
  const verify = await submitRegistration(page, register, account);
  const code = await app.mail.waitForCode(account.email, { since });

  // Digits only, at most 6: letters are stripped, extra digits dropped; Verify needs all 6.
  const input = verify.getByLabel('Verification Code', { exact: true });
  await input.fill('12a3');
  expect(await input.inputValue()).toBe('123');
  expect(await button(verify, DIALOG.verify.submit).isDisabled()).toBe(true);
  await input.fill(`${wrongCodeFor(code)}99`);
  expect(await input.inputValue()).toBe(wrongCodeFor(code));
  await button(verify, DIALOG.verify.submit).click();
  await see(verify, 'Invalid or expired verification code. Please try again.');

  await fill(verify, 'Verification Code', code);
  await button(verify, DIALOG.verify.submit).click();
  await openDialog(page, DIALOG.welcome.title);
});

journey(
  app,
  'resend: the countdown runs from registration, then a resend empties the code and mails a new one',
  async ({ page, watch }) => {
    watch.allow({ url: '/api/users/verify-email', status: 400 });
    const account = newAccount('resender');
    await page.goto('/');
    const register = await openRegisterDialog(page);
    const since = Date.now();
    const verify = await submitRegistration(page, register, account);
    const first = await app.mail.waitForMail(account.email, { since });
    const resend = verify.getByRole('button', { name: DIALOG.verify.resend });

    // The registration e-mail started the cooldown, and the dialog's countdown with it (docs/architecture.md#accounts).
    expect(await resend.innerText()).toMatch(/^Resend in (60|5\d)s$/);
    expect(await resend.isDisabled()).toBe(true);

    // Once the server's 60 s have passed, resend succeeds, the typed code goes and the countdown restarts.
    await page.waitForTimeout(Math.max(0, first.at + 61_000 - Date.now()));
    await see(verify, 'Resend code');
    await fill(verify, 'Verification Code', '000000');
    const resentSince = Date.now();
    await resend.click();
    const countdown = await see(verify, /^Resend in \d+s$/, { exact: false });
    expect(await countdown.innerText()).toMatch(/^Resend in (60|5\d)s$/);
    expect(await verify.getByLabel('Verification Code', { exact: true }).inputValue()).toBe('');
    expect(await verify.getByRole('button', { name: /^Resend in \d+s$/ }).isDisabled()).toBe(true);
    await eventually(
      'the countdown going down',
      () => verify.getByRole('button', { name: /^Resend in \d+s$/ }).innerText(),
      (text) => Number(/\d+/.exec(text)?.[0]) <= 57,
      5_000,
    );

    // The new code works; the first one was voided by it.
    const code = await app.mail.waitForCode(account.email, { since: resentSince });
    const oldCode = /(?<!\d)(\d{6})(?!\d)/.exec(`${first.subject}\n${first.text}`)?.[1];
    if (oldCode && oldCode !== code) {
      await fill(verify, 'Verification Code', oldCode);
      await button(verify, DIALOG.verify.submit).click();
      await see(verify, 'Invalid or expired verification code. Please try again.');
    }
    await fill(verify, 'Verification Code', code);
    await button(verify, DIALOG.verify.submit).click();
    await openDialog(page, DIALOG.welcome.title);
  },
  { timeoutMs: 150_000 },
);

journey(app, 'dialogs close on Escape; Login and Register ignore clicks outside', async ({ page, watch }) => {
  watch.allow({ url: '/api/users/login', status: 403 });
  const account = await verifiedAccount(app, newAccount('escape'));
  await page.goto('/');

  const login = await openLoginDialog(page);
  await clickOutside(page);
  await login.waitFor();
  await page.keyboard.press('Escape');
  await noDialog(page);

  const register = await openRegisterDialog(page);
  await clickOutside(page);
  await register.waitFor();
  await page.keyboard.press('Escape');
  await noDialog(page);

  // Switching paths: login → register → login → forgot.
  const login2 = await openLoginDialog(page);
  await button(login2, DIALOG.login.signUpLink).click();
  const register2 = await openDialog(page, DIALOG.register.title);
  await button(register2, DIALOG.register.loginLink).click();
  const login3 = await openDialog(page, DIALOG.login.title);
  await button(login3, DIALOG.login.forgotLink).click();
  await openDialog(page, DIALOG.forgot.title);
  await page.keyboard.press('Escape');
  await noDialog(page);

  // Reset Password closes on Escape.
  const login4 = await openLoginDialog(page);
  await button(login4, DIALOG.login.forgotLink).click();
  const forgot = await openDialog(page, DIALOG.forgot.title);
  await fill(forgot, 'Email', account.email);
  await button(forgot, DIALOG.forgot.submit).click();
  await button(forgot, 'Enter Verification Code').click();
  await openDialog(page, DIALOG.reset.title);
  await page.keyboard.press('Escape');
  await noDialog(page);

  // 'Back' from verification in the registration context returns to Register.
  const escaper = newAccount('escaper');
  const register3 = await openRegisterDialog(page);
  const verify3 = await submitRegistration(page, register3, escaper);
  await button(verify3, DIALOG.verify.back).click();
  await openDialog(page, DIALOG.register.title);
  await page.keyboard.press('Escape');
  await noDialog(page);

  // The global events open Login and Register from anywhere.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-register')));
  await openDialog(page, DIALOG.register.title);
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-login')));
  await openDialog(page, DIALOG.login.title);
  await page.keyboard.press('Escape');
  await noDialog(page);

  // Verification closes on Escape; so does Welcome, leaving the person logged in where they were.
  const login5 = await openLoginDialog(page);
  await fillLogin(login5, escaper.username, escaper.password);
  await openDialog(page, DIALOG.verify.title);
  await page.keyboard.press('Escape');
  await noDialog(page);
  const login6 = await openLoginDialog(page);
  await fillLogin(login6, escaper.username, escaper.password);
  const verify = await openDialog(page, DIALOG.verify.title);
  await fill(verify, 'Verification Code', app.mail.latestCode(escaper.email));
  await button(verify, DIALOG.verify.submit).click();
  await openDialog(page, DIALOG.welcome.title);
  await page.keyboard.press('Escape');
  await noDialog(page);
  await see(page.getByRole('banner'), 'Account');
  await atPath(page, '/');
});
