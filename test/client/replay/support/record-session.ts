/**
 * Records a register → verify → dashboard → feedback session in a LIVE store (side effects
 * on, requests answered by the fetch-level mock) and exports its action log the way the app
 * does, so tests can replay it and compare with the live store.
 */
import { createActionLog } from '../../../../src/client/app/action-log';
import { errorShown } from '../../../../src/client/lib/errors.slice';
import { buildActionLogExport, type ActionLogExport } from '../../../../src/client/app/export-log';
import { locationChanged } from '../../../../src/client/app/router.slice';
import { setupStore, type AppStore } from '../../../../src/client/app/store';
import { oddsApi } from '../../../../src/client/features/dashboard/odds.api';
import { usersApi } from '../../../../src/client/features/account/users.api';
import { feedbackApi } from '../../../../src/client/features/feedback/feedback.api';
import { sessionStarted, startupCheckFinished } from '../../../../src/client/features/account/auth.slice';
import { competitionSelected } from '../../../../src/client/features/dashboard/dashboard.slice';
import { dialogClosed, dialogOpened, dialogReplaced } from '../../../../src/client/features/account/dialogs.slice';
import { mockApi } from '../../support/mock-api';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Secrets the session handles; none may survive sanitizing. */
export const SECRETS = {
  ak: 'U2VjcmV0QWtDbGFpbVZhbHVlMTIz',
  password: 'correct-horse-battery',
  otp: '482913',
  refreshToken: 'rt_9f8e7d6c5b4a39281706f5e4d3c2b1a0',
};
export const TOKEN = [
  b64url({ alg: 'HS256', typ: 'at+jwt' }),
  b64url({ sub: 'u1', username: 'ada', country: 1, ak: SECRETS.ak, exp: 4_102_444_800 }),
  'c2lnbmF0dXJlLWJ5dGVz',
].join('.');

const user = { id: 'u1', username: 'ada', country: 1, registrationDate: '2025-01-02T03:04:05.000Z' };
const summary = {
  competitionIds: [1, 2, 3, 4],
  marketIds: [1, 2, 3, 4, 5, 6, 7, 8],
  numEvents: 2,
  numBookmakers: 5,
  numOdds: 1234,
  source: 'demo',
};
const row = (providerId: number, margin: number, prices: number[]) => ({
  providerId,
  margin,
  odds: prices.map((value, i) => ({ selectionTypeId: i + 1, value, flags: i === 0 ? 8 : 0 })),
});
const events = [
  {
    id: 'evt_1',
    name: 'Arsenal vs Chelsea',
    date: '2026-11-28T15:00:00Z',
    competitionId: 1,
    markets: [{ marketId: 1, odds: [row(1, 6.42, [2.1, 3.4, 3.2]), row(2, 4.8, [2.05, 3.5, 3.3])] }],
  },
];

/** A clock that advances 250 ms per read, so entries carry distinct, known times. */
export function fakeClock(start = Date.UTC(2026, 10, 21, 12)) {
  let t = start;
  return () => (t += 250);
}

export interface RecordedSession {
  store: AppStore;
  exported: ActionLogExport;
  requests: number;
}

/** `limit`: the log's buffer size (small ones make older entries fall out). */
export async function recordSession(limit?: number): Promise<RecordedSession> {
  const now = fakeClock();
  const api = mockApi()
    .on('PUT /api/users/register', { status: 201, body: { data: { email: 'ada@example.com' } } })
    .on('POST /api/users/verify-email', { body: { data: { user, token: TOKEN, refreshToken: SECRETS.refreshToken } } })
    .on('GET /api/odds/summary', { body: { data: summary } })
    .on('GET /api/odds', (req) =>
      req.query.get('competition') === '2'
        ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', description: 'Something broke', type: 'server' } } }
        : { body: { data: { events, source: 'demo' } } },
    )
    .on('POST /api/users/feedback', { status: 201, body: { data: {} } });
  const store = setupStore(undefined, { actionLog: createActionLog({ now, limit }) });
  const d = store.dispatch;
  try {
    d(locationChanged({ pathname: '/', search: '' }));
    d(startupCheckFinished({ session: null }));
    d(dialogOpened({ name: 'register' }));
    d(
      errorShown(
        { source: 'register', code: 'password', message: 'Password must be at least 8 characters long' },
        now(),
      ),
    );
    await d(
      usersApi.endpoints.register.initiate({
        userName: 'ada',
        email: 'ada@example.com',
        password: SECRETS.password,
        country: 1,
      }),
    );
    d(dialogReplaced({ name: 'verify', context: 'registration', email: 'ada@example.com' }));
    const verified = await d(usersApi.endpoints.verifyEmail.initiate({ email: 'ada@example.com', otp: SECRETS.otp }));
    const data = 'data' in verified ? verified.data : undefined;
    if (!data) throw new Error('verify failed in the recording');
    const session = {
      token: data.token,
      refreshToken: data.refreshToken,
      user: {
        id: 'u1',
        username: 'ada',
        email: 'ada@example.com',
        country: '1',
        createdAt: user.registrationDate,
        updatedAt: user.registrationDate,
      },
    };
    d(sessionStarted({ session, via: 'verify-registration' }, now()));
    d(dialogReplaced({ name: 'welcome' }));
    d(dialogClosed());
    d(locationChanged({ pathname: '/dashboard', search: '' }));
    await d(oddsApi.endpoints.getSummary.initiate(1));
    await d(oddsApi.endpoints.getOdds.initiate({ country: 1, competition: 1, market: 1 }));
    d(competitionSelected(2));
    await d(oddsApi.endpoints.getOdds.initiate({ country: 1, competition: 2, market: 1 }));
    d(errorShown({ source: 'odds', code: 'INTERNAL_ERROR', message: 'Failed to load odds data' }, now()));
    d(competitionSelected(1));
    d(locationChanged({ pathname: '/feedback', search: '' }));
    await d(feedbackApi.endpoints.feedback.initiate({ message: 'Great odds' }));
    d(locationChanged({ pathname: '/dashboard', search: '' }));
    // Let RTK Query's batched subscription updates land before exporting.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const log = store.actionLog;
    if (!log) throw new Error('the store has no action log');
    return { store, exported: buildActionLogExport(log, new Date(now())), requests: api.requests.length };
  } finally {
    api.restore();
  }
}
