import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { DropsPage } from '../../../src/client/features/match/drops-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn, ok, serverError } from '../dashboard/dashboard-support';
import { drop, EVENT_ID } from './match-support';

const NOW = Date.parse('2026-11-27T15:00:00Z');

let api: MockApi;
afterEach(() => api?.restore());

function renderDrops(route = '/drops') {
  return renderWithProviders(
    <Routes>
      <Route path="/drops" element={<DropsPage now={NOW} timeZone="Africa/Lagos" />} />
    </Routes>,
    { preloadedState: loggedIn(), route },
  );
}

const dropRequests = () => api.requests.filter((r) => r.path === '/api/odds/drops').map((r) => r.query.toString());

describe('dropping odds', () => {
  it('lists the drops in the order served, each linking to its match', async () => {
    api = mockApi().on(
      'GET /api/odds/drops',
      ok({
        drops: [
          drop(),
          drop({
            eventId: 'evt_00000000000000bb',
            name: 'Real Madrid vs Sevilla',
            competitionId: 2,
            marketId: 4,
            selectionTypeId: 8,
            providerId: 3,
            from: 1.9,
            to: 1.8,
            changePct: -5.26,
            at: '2026-11-26T09:05:00Z',
          }),
        ],
      }),
    );
    renderDrops();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Arsenal vs Chelsea-20.00%1X2 · Home · Bet9Ja2.50 → 2.00Today • 15:30',
      'Real Madrid vs Sevilla-5.26%OU2.5 · Over 2.5 · SportyBet1.90 → 1.80Thu 26th Nov • 10:05',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/match/${EVENT_ID}`,
    );
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/match/evt_00000000000000bb');
    expect(dropRequests()).toEqual(['country=1&hours=24']);
    expect(api.requests[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('asks for the window the menu picks', async () => {
    api = mockApi().on('GET /api/odds/drops', ok({ drops: [drop()] }));
    const { user } = renderDrops();
    await screen.findByRole('link', { name: 'Arsenal vs Chelsea' });
    const menu = screen.getByRole('group', { name: 'Period' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['Last hour', 'false'],
      ['Last 6 hours', 'false'],
      ['Last 24 hours', 'true'],
    ]);
    await user.click(within(menu).getByRole('button', { name: 'Last hour' }));
    await waitFor(() => expect(dropRequests()).toEqual(['country=1&hours=24', 'country=1&hours=1']));
    expect(within(menu).getByRole('button', { name: 'Last hour' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(menu).getByRole('button', { name: 'Last 6 hours' }));
    await waitFor(() => expect(dropRequests()).toHaveLength(3));
    expect(dropRequests()[2]).toBe('country=1&hours=6');
  });

  it('opens on the window named in the address', async () => {
    api = mockApi().on('GET /api/odds/drops', ok({ drops: [] }));
    renderDrops('/drops?hours=6');
    expect(await screen.findByText('No prices have dropped in this period.')).toHaveClass('alert-info');
    expect(dropRequests()).toEqual(['country=1&hours=6']);
  });

  it('shows and records a failure', async () => {
    api = mockApi().on('GET /api/odds/drops', serverError);
    const { store } = renderDrops();
    expect(await screen.findByText('Failed to load dropping odds')).toHaveClass('alert-danger');
    await waitFor(() =>
      expect(selectErrorFor(store.getState(), 'drops')).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Failed to load dropping odds',
      }),
    );
  });

  it('is a table on wide screens', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      api = mockApi().on('GET /api/odds/drops', ok({ drops: [drop()] }));
      renderDrops();
      const table = await screen.findByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Match', 'Market', 'Selection', 'Bookmaker', 'From → to', 'Change', 'When']);
      expect(
        within(table)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['Arsenal vs Chelsea', '1X2', 'Home', 'Bet9Ja', '2.50 → 2.00', '-20.00%', 'Today • 15:30']);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
