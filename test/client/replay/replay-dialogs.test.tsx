/** Open dialogs are part of the replayed screen (the replay swaps in a static Modal). */
import { readLog } from '../../../scripts/replay/read-log';
import { replayLog } from '../../../scripts/replay/replay-log';
import { renderScreen } from '../../../scripts/replay/render-screen';
import { recordSession } from './support/record-session';

jest.mock('reactstrap', () => ({
  ...jest.requireActual('reactstrap'),
  Modal: jest.requireActual('../../../scripts/replay/static-modal').StaticModal,
}));

it('draws the dialog that was open at step N, in place, with its e-mail', async () => {
  const { exported } = await recordSession();
  const log = readLog(JSON.stringify(exported));
  const atVerify = replayLog(log, { until: 8 });
  const html = await renderScreen(atVerify.store, '/');
  expect(html).toContain('Verify your email');
  expect(html).toContain('ada@example.com');
  expect(html).toMatch(/class="modal fade show d-block"[^>]*role="dialog"/);
  const closed = await renderScreen(replayLog(log, { until: 13 }).store, '/');
  expect(closed).not.toContain('role="dialog"');
});
