import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { DropsPage } from '../../../src/client/features/match/drops-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { mockApi, type MockApi, type MockReply } from '../support/mock-api';
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
  it('shows one card per match, market and selection with the books that dropped it, the kick-off and when each moved', async () => {
    api = mockApi().on(
      'GET /api/odds/drops',
      ok({
        drops: [
          drop(),
          drop({
            eventId: 'evt_00000000000000bb',
            name: 'Real Madrid vs Sevilla',
            date: '2026-11-29T20:00:00Z',
            competitionId: 2,
            marketId: 4,
            selectionTypeId: 8,
            providerId: 3,
            from: 1.9,
            to: 1.8,
            changePct: -5.26,
            at: '2026-11-26T09:05:00Z',
          }),
          drop({ providerId: 4, from: 2.3, to: 2.1, changePct: -8.7, at: '2026-11-27T13:00:00Z' }),
        ],
      }),
    );
    renderDrops();
    const cards = (await screen.findAllByRole('listitem')).filter((li) => li.classList.contains('drop-card'));
    expect(cards.map((item) => item.textContent)).toEqual([
      'Arsenal vs Chelsea-20.00%Kick-off Tomorrow • 16:00 · Premier League1X2 · Home' +
        'Bet9Ja 2.50 → 2.00 -20.00% · moved at Today • 15:30' +
        'NairaBet 2.30 → 2.10 -8.70% · moved at Today • 14:00',
      'Real Madrid vs Sevilla-5.26%Kick-off Sun 29th Nov • 21:00 · La LigaOU2.5 · Over 2.5' +
        'SportyBet 1.90 → 1.80 -5.26% · moved at Thu 26th Nov • 10:05',
    ]);
    expect(within(cards[0]!).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/match/${EVENT_ID}`,
    );
    expect(within(cards[1]!).getByRole('link')).toHaveAttribute('href', '/match/evt_00000000000000bb');
    expect(
      screen.getByText(
        'A drop is a price that is now lower than its highest price in the last 24 hours. One row per match, market and selection, with every bookmaker that dropped it.',
      ),
    ).toBeInTheDocument();
    expect(dropRequests()).toEqual(['country=1&hours=24']);
    expect(api.requests[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('filters by league, market and bookmaker', async () => {
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
          }),
          drop({ providerId: 4 }),
        ],
      }),
    );
    const { user } = renderDrops();
    await screen.findByRole('link', { name: 'Real Madrid vs Sevilla' });
    const names = () => screen.getAllByRole('link').map((a) => a.textContent);
    expect(
      within(screen.getByLabelText('Bookmaker'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Bet9Ja', 'SportyBet', 'NairaBet']);
    await user.selectOptions(screen.getByLabelText('League'), 'La Liga');
    expect(names()).toEqual(['Real Madrid vs Sevilla']);
    await user.selectOptions(screen.getByLabelText('League'), 'All');
    await user.selectOptions(screen.getByLabelText('Market'), '1X2');
    expect(names()).toEqual(['Arsenal vs Chelsea']);
    await user.selectOptions(screen.getByLabelText('Bookmaker'), 'NairaBet');
    const books = () => [...document.querySelectorAll('.drop-books li')].map((li) => li.textContent);
    expect(books()).toEqual(['NairaBet 2.50 → 2.00 -20.00% · moved at Today • 15:30']);
    await user.selectOptions(screen.getByLabelText('Bookmaker'), 'SportyBet');
    expect(screen.getByText('No drops for this league, market and bookmaker.')).toHaveClass('alert-info');
  });

  it('shows its menus from the first render, disabled until there are drops to narrow', async () => {
    let answer: (reply: MockReply) => void = () => {};
    api = mockApi().on('GET /api/odds/drops', () => new Promise<MockReply>((resolve) => (answer = resolve)));
    renderDrops();
    const menus = () => ['League', 'Market', 'Bookmaker'].map((name) => screen.getByLabelText(name));
    await waitFor(() => expect(dropRequests()).toHaveLength(1));
    for (const menu of menus()) expect(menu).toBeDisabled();
    answer(ok({ drops: [drop()] }));
    await screen.findByRole('link', { name: 'Arsenal vs Chelsea' });
    for (const menu of menus()) expect(menu).toBeEnabled();
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
});
