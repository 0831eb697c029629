/**
 * Saves a PNG of a replayed page with the system Chromium (playwright-core, never a
 * downloaded browser; CHROME_PATH or /usr/bin/chromium, see scripts/lib/chromium.mjs).
 * Every request is blocked: the page is standalone and must not reach anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface ChromiumLib {
  chromePath(): string;
  hasChromium(): boolean;
  chromiumArgs(options?: { userDataDir?: boolean }): string[];
  CHROMIUM_HINT: string;
}

const CHROMIUM_LIB = '../lib/chromium.mjs';

export interface ScreenshotOptions {
  html: string;
  out: string;
  viewport?: { width: number; height: number };
  /** The whole page (default), or only the window, as a person with a dialog open sees it. */
  fullPage?: boolean;
}

export async function screenshot({
  html,
  out,
  viewport = { width: 1280, height: 800 },
  fullPage = true,
}: ScreenshotOptions) {
  const lib = (await import(CHROMIUM_LIB)) as ChromiumLib;
  if (!lib.hasChromium()) throw new Error(lib.CHROMIUM_HINT);
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'oddsmate-replay-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: lib.chromePath(),
    headless: true,
    args: lib.chromiumArgs({ userDataDir: false }),
    viewport,
  });
  try {
    await context.route('**/*', (route) => route.abort());
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: out, fullPage });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
