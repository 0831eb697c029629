import { screen, waitFor } from '@testing-library/react';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { renderWithProviders } from '../support/render';
import { summary } from '../odds/odds-fixtures';
import { dashboardApi, jwtWith, loggedIn, ok, type DashboardApi } from './dashboard-support';

let api: DashboardApi;
afterEach(() => api?.restore());

/** FNV-1a 32-bit written independently of src/shared (BigInt, byte by byte). */
function referenceFnv1a(text: string): string {
  let hash = 0x811c9dc5n;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= BigInt(byte);
    hash = (hash * 0x01000193n) % 0x100000000n;
  }
  return hash.toString();
}

describe('odds request signing', () => {
  it('the reference hash matches the published FNV-1a test vectors', () => {
    expect(referenceFnv1a('')).toBe(String(0x811c9dc5));
    expect(referenceFnv1a('a')).toBe(String(0xe40c292c));
    expect(referenceFnv1a('foobar')).toBe(String(0xbf9cf968));
  });

  it.each(['q3VxZ0lBc0dVN2RhZk9Cc1Z4', 'ünïcødé-ak', 'a'.repeat(64)])(
    'k for ak %s is FNV-1a of "ak|country|competition|market"',
    async (ak) => {
      api = dashboardApi({ summary: summary({ competitionIds: [2], marketIds: [4] }) });
      renderWithProviders(<DashboardPage />, { preloadedState: loggedIn(jwtWith({ ak })) });
      await waitFor(() => expect(api.oddsRequests()).toHaveLength(1));
      const query = api.oddsRequests()[0]!;
      expect(query.get('k')).toBe(referenceFnv1a(`${ak}|1|2|4`));
    },
  );

  it('re-signs the retry with the new token after a 401 and a refresh', async () => {
    const oldToken = jwtWith({ ak: 'old-ak' });
    const newToken = jwtWith({ ak: 'new-ak' });
    api = dashboardApi({
      odds: (request) =>
        request.headers.get('authorization') === `Bearer ${newToken}`
          ? ok({ events: [], source: 'demo' })
          : { status: 401, body: { error: { code: 'TOKEN_EXPIRED', description: 'expired', type: 'auth' } } },
    });
    api.on('POST /api/users/refresh', ok({ token: newToken, refreshToken: 'refresh-2' }));
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn(oldToken) });
    await screen.findByText('No matches found for the selected league and market.');
    const [first, retry] = api.oddsRequests();
    expect(first?.get('k')).toBe(referenceFnv1a('old-ak|1|1|1'));
    expect(retry?.get('k')).toBe(referenceFnv1a('new-ak|1|1|1'));
    expect(api.requests.filter((r) => r.path === '/api/users/refresh')).toHaveLength(1);
  });
});
