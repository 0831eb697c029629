/**
 * A local server that answers like the five bookmakers with their real answers
 * (test/fixtures/books/<book>/real/, kick-offs moved so the matches are upcoming; a book without
 * real answers is served from its hand-made ones), for trying the live feed without the internet:
 *
 *   node --import tsx scripts/odds-fixture-server.ts [PORT] [--all]
 *
 * prints the environment to start the app with (ODDS_FEED=live and every ODDS_SOURCE_URL_*).
 * A real answer that lists matches of other competitions than the league it is filed under
 * (`otherCompetitions` in its manifest) is served only with `--all`; without, that league answers
 * empty, as the book's own league call would.
 */
import { fixtureServerEnv, shiftToNow, startBookFixtureServer } from './lib/book-fixture-server';

async function main(): Promise<void> {
  const port = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 8099);
  const all = process.argv.includes('--all');
  const server = await startBookFixtureServer({
    port,
    set: 'real',
    shiftMs: shiftToNow(Date.now()),
    leagueAnswersOnly: !all,
  });
  const env = { ODDS_FEED: 'live', ...fixtureServerEnv(server.url) };
  console.log(`Bookmaker fixtures at ${server.url}. Start the app with:\n`);
  console.log(
    `${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' \\\n')} npm start`,
  );
}

void main();
