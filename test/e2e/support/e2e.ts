/**
 * Per-file fixture for browser journeys: `useApp()` starts an SMTP capture, the real server and
 * Chromium before the file's tests and stops all three after them, even when tests fail.
 * `journey()` runs one test in a fresh browser context watched for console errors, failed
 * requests, hydration errors and CSP violations; a failing journey leaves a screenshot of every
 * open page, the browser log and the server log under test-results/.
 */
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { startServer, type RunningServer, saveArtifact, slug } from './server';
import { startSmtpCapture, type SmtpCapture } from '../../server/support/smtp-capture';
import { ContextWatch } from './watch';

export interface App {
  server: RunningServer;
  mail: SmtpCapture;
  browser: Browser;
  /** Absolute URL of an app path. */
  url(pathname: string): string;
}

export interface JourneyContext {
  app: App;
  context: BrowserContext;
  page: Page;
  watch: ContextWatch;
}

export interface JourneyOptions {
  context?: BrowserContextOptions;
  timeoutMs?: number;
  /**
   * How a wide screen shows the dashboard's odds: 'cards' unless asked (the journeys written for
   * the cards read them at every size); 'default' leaves the app's own default, the dense table.
   */
  oddsLayout?: 'cards' | 'table' | 'default';
}

/** The device's remembered choice between the dashboard's cards and table (odds-layout.ts). */
export const ODDS_LAYOUT_KEY = 'oddsmate-odds-layout';

export const DEFAULT_TIMEOUT_MS = 10_000;

export function launchChromium(): Promise<Browser> {
  const args = JSON.parse(process.env.E2E_CHROMIUM_ARGS ?? '[]') as string[];
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args,
    headless: true,
  });
}

/**
 * Registers beforeAll/afterAll for the enclosing file or describe block and returns a handle
 * whose fields are set once beforeAll has run.
 */
export function useApp(env: Record<string, string> = {}): App {
  const app = {} as App;
  let smtp: SmtpCapture | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    smtp = await startSmtpCapture({ timeoutMs: 15_000 });
    server = await startServer({ smtpUrl: smtp.url, env });
    browser = await launchChromium();
    Object.assign(app, {
      server,
      mail: smtp,
      browser,
      url: (pathname: string) => `${server?.url}${pathname}`,
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    if (server) {
      saveArtifact(`server-${path.basename(expect.getState().testPath ?? 'e2e', '.e2e.test.ts')}.log`, server.log());
      await server.stop();
    }
    await smtp?.close();
  }, 30_000);

  return app;
}

/** One journey: a fresh context, watched; artifacts on failure; the context always closed. */
export function journey(
  app: App,
  name: string,
  body: (j: JourneyContext) => Promise<void>,
  options: JourneyOptions = {},
): void {
  test(
    name,
    async () => {
      const context = await app.browser.newContext({
        baseURL: app.server.url,
        locale: 'en-NG',
        timezoneId: 'Africa/Lagos',
        ...options.context,
      });
      context.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
      const layout = options.oddsLayout ?? 'cards';
      if (layout !== 'default') {
        await context.addInitScript(
          ([key, value]) => {
            try {
              if (!localStorage.getItem(key)) localStorage.setItem(key, value);
            } catch {
              // A page without storage (about:blank).
            }
          },
          [ODDS_LAYOUT_KEY, layout] as const,
        );
      }
      const watch = await ContextWatch.attach(context);
      const page = await context.newPage();
      const started = app.server.log().length;
      try {
        await body({ app, context, page, watch });
        watch.assertClean();
      } catch (error) {
        await saveFailure(expect.getState().currentTestName ?? name, context, watch, app.server.log().slice(started));
        throw error;
      } finally {
        await context.close().catch(() => undefined);
      }
    },
    options.timeoutMs ?? 120_000,
  );
}

async function saveFailure(name: string, context: BrowserContext, watch: ContextWatch, serverLog: string) {
  const base = slug(name);
  const pages = context.pages();
  for (const [index, page] of pages.entries()) {
    try {
      const shot = await page.screenshot({ fullPage: true, timeout: 5_000 });
      saveArtifact(`${base}${pages.length > 1 ? `-${index + 1}` : ''}.png`, shot);
      watch.log.push(`page ${index + 1} at ${page.url()}`);
    } catch {
      // the page may already be gone
    }
  }
  saveArtifact(`${base}.console.log`, watch.log.join('\n') + '\n');
  saveArtifact(`${base}.server.log`, serverLog);
}
