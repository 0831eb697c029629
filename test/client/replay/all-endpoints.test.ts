/**
 * A recorded log may hold requests of any chunk (the /nigeria preview, the profile, feedback,
 * the dashboard, the account flows): the replay tool, which starts from nothing but its own
 * imports, must know every endpoint the app injects, or the reducers cannot read a request.
 */
// jest.isolateModules hands out modules of a fresh registry through require.
/* eslint-disable @typescript-eslint/no-require-imports */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
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

it('loads every module that injects endpoints, so a new feature cannot be left out of replays', () => {
  const root = path.join(__dirname, '../../../src/client');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  const injecting = files(root)
    .filter((file) => /\.tsx?$/.test(file) && /\.(injectEndpoints|enhanceEndpoints)\(/.test(readFileSync(file, 'utf8')))
    .map((file) => `../${path.relative(root, file).replace(/\.tsx?$/, '')}`)
    .sort();
  const parts = readFileSync(path.join(root, 'app/store-parts.ts'), 'utf8');
  const imported = [...parts.matchAll(/^import '([^']+)';$/gm)].map((m) => m[1]);
  expect(injecting.length).toBeGreaterThan(10);
  expect(injecting.filter((file) => !imported.includes(file))).toEqual([]);
});
