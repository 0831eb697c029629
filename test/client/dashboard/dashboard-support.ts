/** Sessions with JWT-shaped tokens and a mocked odds API for the dashboard tests. */
import { screen, waitFor } from '@testing-library/react';
import type { RootState } from '../../../src/client/app/store';
import type { OddsEventDto, SummaryDto } from '../../../src/shared/contract/odds';
import type { SourceHealthDto } from '../../../src/shared/contract/sources';
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
  sourcesRequests(): number;
  pulseRequests(): number;
}

type PulsePart = 'odds' | 'summary' | 'sources';

/**
 * A pulse whose named parts (the odds version by default) move with every answer, so each beat
 * asks for them again as a live feed would; the others and the unread count stay.
 */
export function movingPulse(parts: readonly PulsePart[] = ['odds']): MockHandler {
  let beat = 0;
  return () => {
    beat += 1;
    const at = (part: PulsePart) => (parts.includes(part) ? beat : 0);
    return ok({ odds: at('odds'), summary: `"s${at('summary')}"`, sources: `t${at('sources')}`, unread: 0 });
  };
}

const BOOKS: Array<[providerId: number, name: string]> = [
  [1, 'Bet9ja'],
  [2, 'BetKing'],
  [3, 'SportyBet'],
  [4, 'NairaBet'],
  [5, '1xBet'],
];

/** One book's health as `GET /api/odds/sources` answers it; 'off' by default (the demo feed). */
export function sourceHealth(overrides: Partial<SourceHealthDto> & { providerId: number }): SourceHealthDto {
  const name = BOOKS.find(([id]) => id === overrides.providerId)?.[1] ?? `Book ${overrides.providerId}`;
  const none = { listings: 0, names: [] };
  return {
    name,
    state: 'off',
    lastSuccessAt: null,
    lastError: null,
    leagues: [],
    latencyMs: null,
    unmatched: none,
    ambiguous: none,
    ...overrides,
  };
}

/** The five books, every one 'off' unless overridden (by provider id). */
export function sourcesOf(overrides: Record<number, Partial<SourceHealthDto>> = {}): SourceHealthDto[] {
  return BOOKS.map(([providerId]) => sourceHealth({ providerId, ...overrides[providerId] }));
}

/**
 * The summary, odds, sources and pulse routes; the odds default is two events from the demo feed, the
 * sources default the five books 'off' (no collector, as with the demo feed).
 */
export function dashboardApi(
  options: {
    summary?: SummaryDto | MockHandler | MockReply;
    odds?: MockHandler | MockReply;
    sources?: SourceHealthDto[] | MockHandler | MockReply;
    /** `GET /api/odds/pulse`; the odds version moves with every beat by default. */
    pulse?: MockHandler | MockReply;
  } = {},
): DashboardApi {
  const api = mockApi();
  const s = options.summary ?? summary();
  const isSummary = typeof s === 'object' && 'competitionIds' in s;
  api.on('GET /api/odds/summary', isSummary ? ok(s) : (s as MockHandler | MockReply));
  const events: OddsEventDto[] = [oddsEvent(), oddsEvent({ name: 'Liverpool vs Everton' })];
  api.on('GET /api/odds', options.odds ?? ok({ events, source: 'demo' }));
  const sources = options.sources ?? sourcesOf();
  api.on('GET /api/odds/sources', Array.isArray(sources) ? ok({ sources }) : sources);
  api.on('GET /api/odds/pulse', options.pulse ?? movingPulse());
  return Object.assign(api, {
    pulseRequests: () => api.requests.filter((r) => r.path === '/api/odds/pulse').length,
    oddsRequests: () => api.requests.filter((r) => r.path === '/api/odds').map((r) => r.query),
    sourcesRequests: () => api.requests.filter((r) => r.path === '/api/odds/sources').length,
  });
}

/**
 * The league or market select once the summary has filled it: it is on the page (disabled, empty)
 * from the first render, so the layout does not move when the summary arrives.
 */
export async function findFilter(name: 'Select League' | 'Select Market'): Promise<HTMLSelectElement> {
  const select = await screen.findByRole<HTMLSelectElement>('combobox', { name });
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}
