/**
 * Accounts made through the real API (docs/architecture.md#http-api) for journeys that are not about signing
 * up: the code still comes from the captured e-mail.
 */
import { type App } from './e2e';

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A fresh, valid identity: usernames 3–30 of [A-Za-z0-9_.-], e-mails unique per run. */
export function newAccount(prefix = 'fan'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com`, password: `Str0ng-pass-${id}` };
}

async function call(app: App, method: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(app.url(`/api${path}`), {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  return { status: response.status, json };
}

/** Registers through the API; the account stays unverified. Returns when the e-mail has arrived. */
export async function registerAccount(app: App, account = newAccount()): Promise<Account & { code: string }> {
  const since = Date.now();
  const { status, json } = await call(app, 'PUT', '/users/register', {
    userName: account.username,
    email: account.email,
    password: account.password,
    country: 1,
  });
  if (status !== 201) throw new Error(`register answered ${status}: ${JSON.stringify(json)}`);
  const code = await app.mail.waitForCode(account.email, { since });
  return { ...account, code };
}

/** Registers and verifies through the API: an account ready to log in. */
export async function verifiedAccount(app: App, account = newAccount()): Promise<Account> {
  const registered = await registerAccount(app, account);
  const { status, json } = await call(app, 'POST', '/users/verify-email', {
    email: registered.email,
    otp: registered.code,
  });
  if (status !== 200) throw new Error(`verify-email answered ${status}: ${JSON.stringify(json)}`);
  return account;
}

/** Resets the password through the API, as the person would from another device. */
export async function resetPasswordElsewhere(app: App, account: Account, password: string): Promise<void> {
  const since = Date.now();
  const forgot = await call(app, 'POST', '/users/forgot-password', { email: account.email });
  if (forgot.status !== 200)
    throw new Error(`forgot-password answered ${forgot.status}: ${JSON.stringify(forgot.json)}`);
  const otp = await app.mail.waitForCode(account.email, { since });
  const reset = await call(app, 'POST', '/users/reset-password', { email: account.email, otp, password });
  if (reset.status !== 200) throw new Error(`reset-password answered ${reset.status}: ${JSON.stringify(reset.json)}`);
}
