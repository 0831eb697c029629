/**
 * `npm run odds:leagues -- BOOK` against a local HTTP server that answers the book's menu call with
 * the real menus of test/fixtures/books/<book>/real.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { BETKING_MENU_PATH } from '../../../src/server/modules/odds/sources/betking/betking.menu';
import { ONEXBET_MENU_PATH } from '../../../src/server/modules/odds/sources/onexbet/onexbet.menu';

const run = promisify(execFile);
// Each case starts a fresh Node process with tsx, which takes seconds on a busy machine.
jest.setTimeout(60_000);

const REAL = path.join(__dirname, '../../fixtures/books');
const MENUS: Record<string, string> = {
  [BETKING_MENU_PATH]: readFileSync(path.join(REAL, 'betking/real/redmond01-email_sender__betking.json'), 'utf8'),
  [ONEXBET_MENU_PATH]: readFileSync(path.join(REAL, 'onexbet/real/redmond01-email_sender__1xbet.json'), 'utf8'),
};

let server: http.Server;
let url = '';
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const body = MENUS[req.url ?? ''];
    if (body === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function oddsLeagues(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ODDS_')));
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/odds-leagues.ts', ...args], {
      env: { ...clean, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run odds:leagues', () => {
  it("prints 1xBet's menu ids of the four competitions beside the adapter's, all agreeing", async () => {
    const result = await oddsLeagues(['onexbet'], { ODDS_SOURCE_URL_ONEXBET: url });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`1xBet menu: ${url}${ONEXBET_MENU_PATH}`);
    expect(lines.find((l) => l.startsWith('Premier League'))).toMatch(
      /^Premier League +88637 England\. Premier League +88637 +ok$/,
    );
    expect(lines.find((l) => l.startsWith('Bundesliga'))).toMatch(
      /^Bundesliga +96463 Germany\. Bundesliga +96463 +ok$/,
    );
    expect(result.stdout).toContain('All four ids agree.');
    // the menu call carries the site's headers, like the adapter's calls
    expect(seen.at(-1)).toMatchObject({ referer: 'https://1xbet.ng/en/line/football', accept: 'application/json' });
  });

  it('flags an id that differs from the menu (set by ODDS_LEAGUES_<BOOK>) and exits 1', async () => {
    const result = await oddsLeagues(['ONEXBET'], { ODDS_SOURCE_URL_ONEXBET: url, ODDS_LEAGUES_ONEXBET: '3=7067' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /Serie A +110163 Italy\. Serie A +7067 \(ODDS_LEAGUES_ONEXBET\) +DIFFERENT: the menu lists 110163/,
    );
    expect(result.stdout).toContain('1 of 4 differ or are missing.');
  });

  it("says which of BetKing's tournaments its real menu lacks", async () => {
    const result = await oddsLeagues(['betking'], { ODDS_SOURCE_URL_BETKING: url });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Premier League +- +20000841 +MISSING: not in the menu/);
    expect(result.stdout).toContain('4 of 4 differ or are missing.');
    expect(seen.at(-1)).toMatchObject({ referer: 'https://www.betking.com/', origin: 'https://www.betking.com' });
  });

  it('says clearly when no menu call is known, when the menu call fails, and on bad usage (exit 2)', async () => {
    const sporty = await oddsLeagues(['sportybet']);
    expect(sporty.code).toBe(2);
    expect(sporty.stderr).toContain('no menu call is known for SportyBet');
    const wrong = await oddsLeagues(['betking', '--path=/nothing'], { ODDS_SOURCE_URL_BETKING: url });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('answered HTTP 404');
    const usage = await oddsLeagues([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run odds:leagues -- BOOK');
  });
});
