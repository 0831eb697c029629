/**
 * `npm run odds:leagues -- BOOK [--path=PATH]`: reads the book's own menu call (base URL from
 * ODDS_SOURCE_URL_<BOOK>, else the book's site) and prints the ids it lists for our four
 * competitions beside the ids the adapter uses (its table with ODDS_LEAGUES_<BOOK> laid over),
 * flagging each difference, so a reassigned id is fixed without reading code (docs/sources.md).
 *
 * Exit code 0 when every id agrees, 1 when one differs or is missing from the menu, 2 when the
 * menu cannot be read (usage, unknown book, no known menu call, network, not a menu).
 */
import { ConfigError } from '../src/server/core/config-schema';
import { oddsSourcesOf } from '../src/server/core/odds-sources-config';
import { BETKING_MENU_PATH, readBetKingMenu } from '../src/server/modules/odds/sources/betking/betking.menu';
import { BROWSER_HEADERS } from '../src/server/modules/odds/sources/collector/book-fetch';
import { bookAdapter, type BookAdapter } from '../src/server/modules/odds/sources';
import { ONEXBET_MENU_PATH, readOneXBetMenu } from '../src/server/modules/odds/sources/onexbet/onexbet.menu';
import type { MenuReading } from '../src/server/modules/odds/sources/parse/menu';
import { COMPETITIONS } from '../src/shared/lookups';

const USAGE =
  'usage: npm run odds:leagues -- BOOK [--path=PATH]   (BOOK: betking, onexbet, bet9ja, sportybet, nairabet)';
const TIMEOUT_MS = 15_000;

/** The books whose menu call and shape are known (real menus in test/fixtures/books/<book>/real). */
const MENUS: Readonly<Record<string, { path: string; read(body: string): MenuReading }>> = {
  betking: { path: BETKING_MENU_PATH, read: readBetKingMenu },
  onexbet: { path: ONEXBET_MENU_PATH, read: readOneXBetMenu },
};

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const bookArg = argv.find((a) => !a.startsWith('--'));
  const pathArg = argv.find((a) => a.startsWith('--path='))?.slice('--path='.length);
  if (!bookArg || argv.some((a) => a.startsWith('--') && !a.startsWith('--path='))) {
    console.error(USAGE);
    return 2;
  }
  const adapter: BookAdapter | undefined = bookAdapter(bookArg);
  if (!adapter) {
    console.error(`odds:leagues: unknown book "${bookArg}"\n${USAGE}`);
    return 2;
  }
  const menu = MENUS[adapter.id];
  if (!menu) {
    console.error(
      `odds:leagues: no menu call is known for ${adapter.name}; check its league ids by hand (docs/sources.md) ` +
        `and set ODDS_LEAGUES_${adapter.envKey} if one changed`,
    );
    return 2;
  }
  const sources = oddsSourcesOf(process.env, null);
  const base = (sources.urls[adapter.id] ?? adapter.defaultBaseUrl).replace(/\/+$/, '');
  const path = pathArg ?? menu.path;
  const url = `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  const configured = sources.leagues[adapter.id] ?? {};
  const headers = { ...BROWSER_HEADERS, ...(adapter.request(1)?.headers ?? {}) };
  let body: string;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    body = await response.text();
    if (!response.ok) {
      console.error(`odds:leagues: ${adapter.name}'s menu at ${url} answered HTTP ${response.status}`);
      return 2;
    }
  } catch (error) {
    console.error(`odds:leagues: ${adapter.name}'s menu at ${url} could not be read: ${(error as Error).message}`);
    return 2;
  }
  const reading = menu.read(body);
  if (!reading.ok) {
    console.error(`odds:leagues: ${adapter.name}'s answer at ${url} is not its menu: ${reading.problem}`);
    return 2;
  }
  console.log(`${adapter.name} menu: ${url}`);
  let differences = 0;
  const rows = [['competition', 'menu', 'adapter', '']];
  for (const competition of COMPETITIONS) {
    const found = reading.leagues[competition.id] ?? [];
    const override = configured[competition.id];
    const used = override === undefined ? (adapter.leagueIds[competition.id] ?? null) : override;
    const menuIds = found.map((l) => l.id);
    let note = 'ok';
    if (menuIds.length === 0) note = 'MISSING: not in the menu (it may list only leagues with matches ahead)';
    else if (used === null) note = `DIFFERENT: the adapter has no id (set ODDS_LEAGUES_${adapter.envKey})`;
    else if (!menuIds.includes(used)) note = `DIFFERENT: the menu lists ${menuIds.join(', ')}`;
    if (note !== 'ok') differences += 1;
    const source = override === undefined ? '' : ` (ODDS_LEAGUES_${adapter.envKey})`;
    rows.push([
      competition.name,
      found.map((l) => `${l.id} ${l.name}`).join('; ') || '-',
      `${used ?? '-'}${source}`,
      note,
    ]);
  }
  console.log(table(rows));
  console.log(differences === 0 ? 'All four ids agree.' : `${differences} of 4 differ or are missing.`);
  return differences === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`odds:leagues: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(2);
  },
);
