/**
 * The replayed screen of a route that carries a query, as the dashboard's address does
 * (`?league=&market=`): its page's chunk is loaded by path, so the page renders, not 'Loading...'.
 * A file of its own, so no earlier render has loaded the dashboard's chunk already.
 */
import { readLog } from '../../../scripts/replay/read-log';
import { replayLog } from '../../../scripts/replay/replay-log';
import { renderScreen } from '../../../scripts/replay/render-screen';
import { recordSession } from './support/record-session';

it("renders the dashboard at its address with a query, not the page's loading fallback", async () => {
  const recorded = await recordSession();
  const { store } = replayLog(readLog(JSON.stringify(recorded.exported)));
  const html = await renderScreen(store, '/dashboard?league=1&market=1');
  expect(html).toContain('Arsenal vs Chelsea');
  expect(html).not.toContain('Loading...');
});
