/**
 * The replayed screen of a route that carries a query, as the dashboard's address does
 * (`?league=&market=`): its page's chunk is loaded by path, so the page renders, not 'Loading...'.
 * A file of its own, so no earlier render has loaded the dashboard's chunk already.
 */
import { readLog } from '../../../scripts/replay/read-log';
import { replayLog } from '../../../scripts/replay/replay-log';
import { recordedOddsLayout, renderScreen } from '../../../scripts/replay/render-screen';
import { recordSession } from './support/record-session';

it("renders the dashboard at its address with a query, not the page's loading fallback", async () => {
  const recorded = await recordSession();
  const { store } = replayLog(readLog(JSON.stringify(recorded.exported)));
  const html = await renderScreen(store, '/dashboard?league=1&market=1');
  expect(html).toContain('Arsenal vs Chelsea');
  expect(html).not.toContain('Loading...');
});

it('renders the dashboard in the layout the recorded screen showed: the table and its switch on a desktop', async () => {
  const recorded = await recordSession();
  const { store } = replayLog(readLog(JSON.stringify(recorded.exported)));
  const desktop = await renderScreen(store, '/dashboard?league=1&market=1', {
    oddsLayout: { layout: 'table', switchable: true },
  });
  expect(desktop).toContain('aria-label="Show odds as"');
  expect(desktop).toContain('odds-grid');
  const phone = await renderScreen(store, '/dashboard?league=1&market=1', {
    oddsLayout: { layout: 'cards', switchable: false },
  });
  expect(phone).not.toContain('aria-label="Show odds as"');
  expect(phone).toContain('event-card');
});

it('reads the recorded layout, or derives it from the recorded viewport in an older log', () => {
  const table = { layout: 'table', switchable: true };
  expect(recordedOddsLayout({ oddsLayout: { layout: 'cards', switchable: true } })).toEqual({
    layout: 'cards',
    switchable: true,
  });
  expect(recordedOddsLayout({ viewport: { width: 1280, height: 800 } })).toEqual(table);
  expect(recordedOddsLayout({ viewport: { width: 360, height: 740 } })).toEqual({ layout: 'cards', switchable: false });
  expect(recordedOddsLayout({ oddsLayout: { layout: 'wide' }, viewport: { width: 0 } })).toBeUndefined();
});
