/**
 * A recorded log may hold requests of any chunk (the /nigeria preview, the profile, feedback,
 * the dashboard, the account flows): the replay tool, which starts from nothing but its own
 * imports, must know every endpoint the app injects, or the reducers cannot read a request.
 */
// jest.isolateModules hands out modules of a fresh registry through require.
/* eslint-disable @typescript-eslint/no-require-imports */
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { createActionLog } from '../../../src/client/app/action-log';
import { setupStore } from '../../../src/client/app/store';
import { profileApi } from '../../../src/client/features/profile/profile.api';
import { sampleApi } from '../../../src/client/features/public/sample.api';
import type * as ReplayLogModule from '../../../scripts/replay/replay-log';
import { mockApi } from '../support/mock-api';

it('replays requests of every endpoint, whichever chunk brought it', async () => {
  const http = mockApi()
    .on('GET /api/odds/sample', { body: { data: { events: [], source: 'live' } } })
    .on('GET /api/users/me', { body: { data: { username: 'ada' } } });
  const log = createActionLog();
  const live = setupStore(undefined, { actionLog: log });
  await live.dispatch(sampleApi.endpoints.getSample.initiate(NIGERIA_COUNTRY_ID));
  await live.dispatch(profileApi.endpoints.me.initiate('7'));
  http.restore();
  const actions = log.entries();
  jest.isolateModules(() => {
    const { replayLog } = require('../../../scripts/replay/replay-log') as typeof ReplayLogModule;
    const { store } = replayLog({ source: 'oddsmate', info: {}, actions });
    const queries = Object.values(store.getState().api.queries).map((q) => [q?.endpointName, q?.status]);
    expect(queries).toEqual([
      ['getSample', 'fulfilled'],
      ['me', 'fulfilled'],
    ]);
  });
});
