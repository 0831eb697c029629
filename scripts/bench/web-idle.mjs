// The data an idle logged-in dashboard costs (issue target: ≤ 60 KB per idle hour): a real
// Chromium opens /dashboard at 360×740 with a stored session against the real server, waits for
// the first load to settle, then counts every byte received over the wire (headers included, as
// the DevTools protocol reports them) during a window of whole poll beats while nobody touches the
// page and no price changes, and scales it to an hour.
import { chromium } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '../../src/shared/constants.ts';
import { chromePath, chromiumArgs } from '../lib/chromium.mjs';

export const IDLE_HOUR_TARGET_KB = 60;
const BEAT_S = 30;

/**
 * @param {string} url the server's origin
 * @param {object} session a stored session (as the app keeps it)
 * @param {{ beats?: number }} options beats measured (default 4: two minutes)
 */
export async function idleHour(url, session, { beats = 4 } = {}) {
  const browser = await chromium.launch({ executablePath: chromePath(), args: chromiumArgs({ userDataDir: false }) });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [SESSION_STORAGE_KEY, JSON.stringify(session)],
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let counting = false;
    const seen = [];
    const paths = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) =>
      paths.set(requestId, new URL(request.url).pathname),
    );
    const statuses = new Map();
    cdp.on('Network.responseReceived', ({ requestId, response }) => statuses.set(requestId, response.status));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (counting)
        seen.push({ path: paths.get(requestId), status: statuses.get(requestId), bytes: encodedDataLength });
    });
    await page.goto(`${url}/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 30_000 });
    // Past the first beat, so its pulse (the baseline) is not counted as idle.
    await page.waitForTimeout(BEAT_S * 1000 + 2000);
    counting = true;
    const windowS = beats * BEAT_S;
    await page.waitForTimeout(windowS * 1000);
    counting = false;
    const bytes = seen.reduce((sum, r) => sum + r.bytes, 0);
    const byPath = new Map();
    for (const r of seen) {
      const key = `${r.path} ${r.status}`;
      byPath.set(key, (byPath.get(key) ?? 0) + 1);
    }
    return { windowS, requests: seen.length, bytes, perHourKb: (bytes * (3600 / windowS)) / 1024, byPath };
  } finally {
    await browser.close();
  }
}

export function printIdleHour({ windowS, requests, bytes, perHourKb, byPath }) {
  const mark = perHourKb <= IDLE_HOUR_TARGET_KB ? '' : ' (!)';
  console.log(`\nIdle logged-in /dashboard (360×740, no price changes), ${windowS} s measured:`);
  console.log(
    `  ${requests} requests, ${bytes} bytes received → ${perHourKb.toFixed(1)} KB per idle hour${mark} (target ≤ ${IDLE_HOUR_TARGET_KB} KB)`,
  );
  console.log(`  ${[...byPath].map(([key, count]) => `${key} ×${count}`).join(', ') || 'no requests'}`);
}
