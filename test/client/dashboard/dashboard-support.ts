/** Sessions with JWT-shaped tokens and a mocked odds API for the dashboard tests. */
import type { RootState } from '../../../src/client/app/store';
import type { OddsEventDto, SummaryDto } from '../../../src/shared/contract/odds';
import { mockApi, type MockApi, type MockHandler, type MockReply } from '../support/mock-api';
import { oddsEvent, summary } from '../odds/odds-fixtures';

const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token shaped like the server's access token (unsigned: the client never verifies it). */
export function jwtWith(claims: Record<string, unknown>): string {
  return [
    b64url({ alg: 'HS256', typ: 'at+jwt' }),
    b64url({ sub: 'u1', exp: 4_102_444_800, ...claims }),
    b64url('sig'),
  ].join('.');
}

export const AK = 'q3VxZ0lBc0dVN2RhZk9Cc1Z4';

export function loggedIn(token = jwtWith({ ak: AK })): Partial<RootState> {
  return {
    auth: {
      loading: false,
      session: {
        token,
        refreshToken: 'refresh-1',
        user: { id: 'u1', username: 'ada', email: '', country: '1', createdAt: '', updatedAt: '' },
        timestamp: 0,
      },
    },
  };
}

export const ok = (data: unknown): MockReply => ({ body: { data } });

export const serverError: MockReply = {
  status: 500,
  body: { error: { code: 'INTERNAL_ERROR', description: 'Something broke', type: 'server' } },
};

export interface DashboardApi extends MockApi {
  oddsRequests(): URLSearchParams[];
}

/** The summary and odds routes; the odds default is two events from the demo feed. */
export function dashboardApi(
  options: { summary?: SummaryDto | MockHandler | MockReply; odds?: MockHandler | MockReply } = {},
): DashboardApi {
  const api = mockApi();
  const s = options.summary ?? summary();
  const isSummary = typeof s === 'object' && 'competitionIds' in s;
  api.on('GET /api/odds/summary', isSummary ? ok(s) : (s as MockHandler | MockReply));
  const events: OddsEventDto[] = [oddsEvent(), oddsEvent({ name: 'Liverpool vs Everton' })];
  api.on('GET /api/odds', options.odds ?? ok({ events, source: 'demo' }));
  return Object.assign(api, {
    oddsRequests: () => api.requests.filter((r) => r.path === '/api/odds').map((r) => r.query),
  });
}
