/**
 * The auth dialogs as a person meets them: their titles and buttons, and the short paths through
 * them (log in, sign up) that journeys about something else start with.
 */
import { type Locator, type Page } from 'playwright-core';
import { type Account } from './accounts';
import { type App } from './e2e';
import { button, fill, openDialog } from './ui';

/** Titles and button names of the dialogs (docs/product.md#screens; labels of docs/architecture.md#settled-details). */
export const DIALOG = {
  login: { title: 'Log in to OddsMate', submit: 'Login', forgotLink: 'Forgot password?', signUpLink: 'Sign up' },
  register: { title: 'Create your account', submit: 'Register', loginLink: 'Login' },
  verify: { title: 'Verify your email', submit: 'Verify', resend: /^Resend/, back: 'Back' },
  welcome: { title: 'Welcome to OddsMate!' },
  forgot: { title: 'Forgot password', submit: 'Send Reset Instructions' },
  reset: { title: 'Reset password', submit: 'Reset Password' },
} as const;

export async function openLoginDialog(page: Page): Promise<Locator> {
  await button(page.getByRole('banner'), 'Login').click();
  return openDialog(page, DIALOG.login.title);
}

export async function openRegisterDialog(page: Page): Promise<Locator> {
  await button(page.getByRole('main'), 'Get Started Free').first().click();
  return openDialog(page, DIALOG.register.title);
}

/**
 * How long a submitted login may take to reach its page: a password hash at the server's cost, the
 * session's first reads and the route's code, on a machine that may be busy with the rest of the run.
 */
const LOGIN_WAIT_MS = 20_000;

/** Logs in through the Login dialog of the page the browser is on and waits for /dashboard. */
export async function logIn(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  const login = await openLoginDialog(page);
  await fill(login, 'Username', account.username);
  await fill(login, 'Password', account.password);
  await button(login, DIALOG.login.submit).click();
  await arrivedFromLogin(page, login, '/dashboard');
}

/**
 * Waits for the path a submitted Login dialog leads to. An error the dialog shows instead fails at
 * once with its words; neither within LOGIN_WAIT_MS fails with what the dialog held, so a failure
 * says whether the login was refused, still busy, or never submitted.
 */
async function arrivedFromLogin(page: Page, form: Locator, pathname: string): Promise<void> {
  const refusal = form.getByRole('alert').first();
  const outcome = await Promise.race([
    page
      .waitForURL((url) => url.pathname === pathname, { timeout: LOGIN_WAIT_MS })
      .then(
        () => 'arrived' as const,
        () => 'timeout' as const,
      ),
    refusal.waitFor({ state: 'visible', timeout: LOGIN_WAIT_MS }).then(
      () => 'refused' as const,
      () => 'timeout' as const,
    ),
  ]);
  if (outcome === 'arrived') return;
  if (outcome === 'refused') throw new Error(`The dialog refused: ${await refusal.innerText()}`);
  const open = await form.isVisible();
  const state = open
    ? `the dialog is still open (username ${JSON.stringify(await form.getByLabel('Username', { exact: true }).inputValue())}, ` +
      `submit ${(await form.getByRole('button', { name: DIALOG.login.submit }).isEnabled()) ? 'enabled' : 'disabled'})`
    : 'the dialog closed';
  throw new Error(
    `Not at ${pathname} ${LOGIN_WAIT_MS} ms after the submit (at ${new URL(page.url()).pathname}); ${state}`,
  );
}

/** Fills and submits the Register dialog; returns when the verification dialog shows. */
export async function submitRegistration(page: Page, register: Locator, account: Account): Promise<Locator> {
  await fill(register, 'Username', account.username);
  await fill(register, 'Email', account.email);
  await fill(register, 'Password', account.password);
  await fill(register, 'Confirm Password', account.password);
  await button(register, DIALOG.register.submit).click();
  return openDialog(page, DIALOG.verify.title);
}

/** Reads the code of the latest e-mail to `email` sent after `since` and submits it. */
export async function enterCode(app: App, verify: Locator, email: string, since: number): Promise<string> {
  const code = await app.mail.waitForCode(email, { since });
  await fill(verify, 'Verification Code', code);
  await button(verify, DIALOG.verify.submit).click();
  return code;
}
