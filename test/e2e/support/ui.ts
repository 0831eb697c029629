/**
 * What a person does and sees, in playwright-core terms (it has no auto-retrying `expect`):
 * every helper waits for visible text or a role, never for a fixed time.
 */
import { type Locator, type Page } from 'playwright-core';

type Scope = Page | Locator;

/** Waits until `text` (exact, whole text of an element unless `exact: false`) is visible. */
export async function see(scope: Scope, text: string | RegExp, options: { exact?: boolean } = {}): Promise<Locator> {
  const locator = scope.getByText(text, { exact: options.exact ?? true }).first();
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Waits until no element with `text` is visible. */
export async function dontSee(scope: Scope, text: string | RegExp, options: { exact?: boolean } = {}): Promise<void> {
  const locator = scope.getByText(text, { exact: options.exact ?? true });
  await expectCountZero(locator);
}

async function expectCountZero(locator: Locator): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const visible = await locator.evaluateAll((nodes) =>
      nodes.filter((node) => (node as HTMLElement).offsetParent !== null || node.getClientRects().length > 0),
    );
    if (visible.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Still visible after 10 s: ${locator.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function heading(scope: Scope, name: string | RegExp, level?: number): Promise<Locator> {
  const locator = scope.getByRole('heading', { name, exact: typeof name === 'string', ...(level ? { level } : {}) });
  await locator.first().waitFor({ state: 'visible' });
  return locator.first();
}

export function button(scope: Scope, name: string | RegExp): Locator {
  return scope.getByRole('button', { name, exact: typeof name === 'string' });
}

export function link(scope: Scope, name: string | RegExp): Locator {
  return scope.getByRole('link', { name, exact: typeof name === 'string' });
}

/** The modal dialog titled `title` (a heading inside it), or the last open one. */
export function dialog(page: Page, title?: string | RegExp): Locator {
  const dialogs = page.getByRole('dialog');
  return title === undefined
    ? dialogs.last()
    : dialogs.filter({ has: page.getByRole('heading', { name: title, exact: typeof title === 'string' }) });
}

/** Waits for the dialog titled `title` to be visible and returns it. */
export async function openDialog(page: Page, title?: string | RegExp): Promise<Locator> {
  const locator = dialog(page, title);
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Waits until no modal dialog is visible. */
export async function noDialog(page: Page): Promise<void> {
  await expectCountZero(page.getByRole('dialog'));
}

export async function fill(scope: Scope, label: string, value: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

/** Waits until the location's path is `pathname`. */
export async function atPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Waits until `predicate` holds, polling; for things no element shows (storage, counters). */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T> | T,
  predicate: (value: T) => boolean = Boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (predicate(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The stored session (docs/product.md#entities: localStorage 'auth-session'), or null. */
export async function storedSession(page: Page): Promise<{
  token: string;
  refreshToken: string;
  user: { id: string; username: string; email: string; country: string };
  timestamp: number;
} | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('auth-session');
    return raw ? JSON.parse(raw) : null;
  });
}

/** The exp claim (seconds) of a JWT, read without verifying it. */
export function tokenExp(token: string): number {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number }).exp;
}

/** The page never scrolls sideways: the document is exactly as wide as the viewport. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll).toBe(viewport);
}
