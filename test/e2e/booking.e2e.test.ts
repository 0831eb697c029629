/**
 * Booking codes in the browser against the real server (docs/product.md#bet-slip), on a
 * 360 px phone and a 1280 px desktop: a SportyBet code loads into the slip, the comparison names
 * Bet9Ja as paying most, 'Get Bet9Ja code' makes the code (the server sends Bet9ja's BookABetV2
 * to a local server answering like the book), and the code is shown, copied and shared.
 * Live prices with their refs are pushed through POST /api/ingest. A code the book no longer knows
 * shows the server's message with its reference, which finds the request's log line.
 */
import type { Page } from 'playwright-core';
import { newAccount, verifiedAccount } from './support/accounts';
import { logIn } from './support/dialogs';
import { journey, useApp } from './support/e2e';
import { INGEST_TOKEN, pushBatch } from './support/ingest';
import { expectRejectionLogged } from './support/server-log';
import { button, eventually, see } from './support/ui';
import { type FakeBooks, startFakeBooks } from '../server/booking/fake-books';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

let fake: FakeBooks;
const env: Record<string, string> = { ODDS_FEED: 'none', INGEST_TOKEN };
// Before the app starts: its booking calls go to the local stand-in of the books.
beforeAll(async () => {
  fake = await startFakeBooks();
  env.BOOKING_URL_SPORTYBET = fake.url;
  env.BOOKING_URL_BET9JA = fake.url;
});
afterAll(() => fake?.close());
const app = useApp(env);

const kickoff = Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000;

/** SportyBet 1.80 × 1.50 = 2.70, Bet9Ja 2.00 × 1.60 = 3.20: Bet9Ja pays 18.52% more. */
function batch(provider: 1 | 3) {
  const ref = (i: number, sel: number) =>
    provider === 3 ? `sr:match:7100000${i}|1||${sel}` : `88000000${i}$S_1X2_${['', '1', 'X', '2'][sel]}`;
  const home = provider === 3 ? [1.8, 1.5] : [2.0, 1.6];
  return {
    provider,
    country: 1,
    fetchedAt: new Date().toISOString(),
    events: [
      ['Arsenal', 'Chelsea'],
      ['Liverpool', 'Everton'],
    ].map(([h, a], i) => ({
      externalId: provider === 3 ? `sr:match:7100000${i}` : `88000000${i}`,
      ...(provider === 3 ? { sportradarId: `7100000${i}` } : {}),
      competition: 1,
      home: h,
      away: a,
      kickoff: new Date(kickoff + i * 3_600_000).toISOString(),
      markets: [
        {
          market: 1,
          prices: [1, 2, 3].map((sel) => ({ selection: sel, value: sel === 1 ? home[i]! : 3.4, ref: ref(i, sel) })),
        },
      ],
    })),
  };
}

let pushed: Promise<void> | undefined;
const prices = () => (pushed ??= pushBatch(app, batch(3)).then(() => pushBatch(app, batch(1))));

function sportyCode() {
  const leg = (i: number, home: string, away: string, odds: string) => ({
    eventId: `sr:match:7100000${i}`,
    homeTeamName: home,
    awayTeamName: away,
    estimateStartTime: kickoff + i * 3_600_000,
    markets: [
      { id: '1', specifier: '', status: 0, desc: '1X2', outcomes: [{ id: '1', odds, isActive: 1, desc: 'Home' }] },
    ],
  });
  return {
    json: {
      bizCode: 10000,
      data: {
        shareCode: 'ABC123',
        deadline: kickoff,
        outcomes: [leg(0, 'Arsenal', 'Chelsea', '1.80'), leg(1, 'Liverpool', 'Everton', '1.50')],
        unavailableOutcomes: [],
      },
    },
  };
}

async function loadAndBook(page: Page, prefix: string): Promise<void> {
  await prices();
  fake.sportybet.set('ABC123', sportyCode());
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: { text: string }) => {
        (window as unknown as { shared: string }).shared = data.text;
        return Promise.resolve();
      },
    });
  });
  const account = await verifiedAccount(app, newAccount(prefix));
  await page.goto('/about');
  await logIn(page, account);
  await page
    .getByRole('button', { name: /^Slip \(\d+\)/ })
    .locator('visible=true')
    .first()
    .click();
  const slip = page.getByRole('dialog', { name: 'Bet slip' });
  await slip.getByLabel('Booking code', { exact: true }).fill('abc123');
  await button(slip, 'Load code').click();
  await see(slip, '2 legs of SportyBet code ABC123 are on your slip.', { exact: false });
  const best = slip.locator('tr.table-success');
  await see(best, 'Bet9Ja', { exact: false });
  await see(best, '3.20');
  const before = fake.requests.length;
  await button(slip, 'Get Bet9Ja code').click();
  const card = slip.getByRole('group', { name: 'Bet9Ja code' });
  await see(card, '9JA4KD2');
  const create = fake.requests.slice(before).find((r) => r.path.startsWith('/sportsbook/'));
  const betslip = JSON.parse(new URLSearchParams(create?.body).get('BETSLIP') ?? '{}');
  expect(betslip.BETS[0].ODDS).toEqual({ '880000000$S_1X2_1': 2, '880000001$S_1X2_1': 1.6 });
  await button(card, 'Copy code').click();
  await see(card, 'Code copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('9JA4KD2');
  await button(card, 'Share').click();
  const shared = await eventually('the shared text', () =>
    page.evaluate(() => (window as unknown as { shared?: string }).shared),
  );
  expect(shared).toBe('Bet9Ja code 9JA4KD2 — pays ₦3,200.00 on ₦1,000 (18.52% more than SportyBet)');
  const link = card.getByRole('link', { name: 'Open the slip at Bet9Ja' });
  expect(await link.getAttribute('href')).toBe('https://sports.bet9ja.com/?bookABetCode=9JA4KD2');
}

journey(
  app,
  'phone: a SportyBet code → the comparison → the Bet9Ja code, copied and shared',
  ({ page }) => loadAndBook(page, 'bkphone'),
  { context: { ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] } },
);

journey(
  app,
  'desktop: a SportyBet code → the comparison → the Bet9Ja code, copied and shared',
  ({ page }) => loadAndBook(page, 'bkdesk'),
  { context: { ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] } },
);

journey(
  app,
  'phone: a code the book no longer knows, on its shareable page: the message with its Ref, which finds the log line',
  async ({ page, watch }) => {
    watch.allow({ url: '/api/booking/3/OLD999', status: 404 });
    const account = await verifiedAccount(app, newAccount('bkgone'));
    await page.goto('/about');
    await logIn(page, account);
    await page.goto('/code/sportybet/old999');
    const alert = page.getByRole('alert');
    await see(alert, 'SportyBet does not know this code, or it has expired.', { exact: false });
    const ref = ((await alert.locator('.error-ref').innerText()).match(/^Ref ([0-9A-HJKMNP-TV-Z]{10})$/) ?? [])[1];
    expect(ref).toBeDefined();
    expectRejectionLogged(app, ref as string, 'BOOKING_CODE_NOT_FOUND', 404);
  },
  { context: PHONE },
);
