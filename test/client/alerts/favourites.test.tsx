import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import type { MockHandler } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { oddsEvent } from '../odds/odds-fixtures';
import { dashboardApi, loggedIn, ok, type DashboardApi } from '../dashboard/dashboard-support';

let api: DashboardApi;
afterEach(() => api?.restore());

/** A favourites store on the "server": GET answers it, PUT replaces it. */
function favouritesServer(initial: string[]) {
  let teams = initial;
  const put: MockHandler = (request) => {
    teams = (request.body as { teams: string[] }).teams;
    return ok({ teams });
  };
  api.on('GET /api/users/me/favourites', () => ok({ teams })).on('PUT /api/users/me/favourites', put);
  return { teams: () => teams };
}

const LEAGUE_EVENTS: Record<string, ReturnType<typeof oddsEvent>[]> = {
  '1': [
    oddsEvent({ name: 'Liverpool vs Everton', date: '2026-11-28T12:00:00Z' }),
    oddsEvent({ name: 'Arsenal vs Chelsea', date: '2026-11-28T15:00:00Z' }),
  ],
  '2': [oddsEvent({ name: 'Barcelona vs Girona', competitionId: 2, date: '2026-11-29T20:00:00Z' })],
  '3': [oddsEvent({ name: 'Inter vs Milan', competitionId: 3 })],
  '4': [oddsEvent({ name: 'Bayern vs Arsenal Tula', competitionId: 4, date: '2026-11-27T18:00:00Z' })],
};

const byLeague: MockHandler = (request) => ok({ events: LEAGUE_EVENTS[request.query.get('competition') ?? ''] ?? [] });

const cardNames = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderDashboard(route = '/dashboard') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/dashboard"
        element={
          <>
            <DashboardPage pollingIntervalMs={0} />
            <Search />
          </>
        }
      />
    </Routes>,
    { preloadedState: loggedIn(), route },
  );
}

describe('favourite teams on the dashboard', () => {
  it('starring a team saves it on the server and sorts its match first', async () => {
    api = dashboardApi({ odds: byLeague });
    const server = favouritesServer([]);
    const { user } = renderDashboard();
    await screen.findByText('Arsenal vs Chelsea');
    expect(cardNames()).toEqual(['Liverpool vs Everton', 'Arsenal vs Chelsea']);

    await user.click(screen.getByRole('button', { name: 'Add Arsenal to my teams' }));
    expect(await screen.findByRole('button', { name: 'Remove Arsenal from my teams' })).toBeInTheDocument();
    await waitFor(() => expect(server.teams()).toEqual(['Arsenal']));
    expect(cardNames()).toEqual(['Arsenal vs Chelsea', 'Liverpool vs Everton']);

    await user.click(screen.getByRole('button', { name: 'Remove Arsenal from my teams' }));
    await waitFor(() => expect(server.teams()).toEqual([]));
    await waitFor(() => expect(cardNames()).toEqual(['Liverpool vs Everton', 'Arsenal vs Chelsea']));
  });

  it('"My teams" lists only their matches across the four leagues, by kick-off, and lives in the address', async () => {
    api = dashboardApi({ odds: byLeague });
    favouritesServer(['Arsenal', 'Barcelona']);
    const { user } = renderDashboard();
    await screen.findByText('Arsenal vs Chelsea');
    const chip = screen.getByRole('button', { name: 'My teams' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip);
    expect(screen.getByRole('button', { name: 'My teams' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('search')).toHaveTextContent('?mine=1');
    await screen.findByText('Barcelona vs Girona');
    // 'Arsenal Tula' is another team: a favourite matches whole team names only.
    expect(cardNames()).toEqual(['Arsenal vs Chelsea', 'Barcelona vs Girona']);
    // The key to the marks comes with this panel's list too, under its last card.
    const lastCard = screen.getByRole('heading', { name: 'Barcelona vs Girona' });
    expect(
      lastCard.compareDocumentPosition(screen.getByText(/^Bookmakers:/)) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const leagues = api.oddsRequests().map((q) => `${q.get('competition')}:${q.get('market')}`);
    expect(new Set(leagues)).toEqual(new Set(['1:1', '2:1', '3:1', '4:1']));

    await user.click(screen.getByRole('button', { name: 'My teams' }));
    // The dashboard's own view (league and market) stays in the address; 'My teams' leaves it.
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?league=1&market=1$/);
    expect(await screen.findByText('Liverpool vs Everton')).toBeInTheDocument();
  });

  it('"My teams" without a favourite says how to add one', async () => {
    api = dashboardApi({ odds: byLeague });
    favouritesServer([]);
    renderDashboard('/dashboard?mine=1');
    expect(await screen.findByText('Star a team on a match to see its matches here.')).toBeInTheDocument();
  });

  it('a refused save rolls the star back and records the error it shows', async () => {
    api = dashboardApi({ odds: byLeague });
    api.on('GET /api/users/me/favourites', ok({ teams: [] })).on('PUT /api/users/me/favourites', {
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', description: 'Too many teams', type: 'validation' } },
    });
    const { user, store } = renderDashboard();
    const card = (await screen.findByText('Arsenal vs Chelsea')).closest('.card') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Add Arsenal to my teams' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to save your teams. Please try again.');
    expect(within(card).getByRole('button', { name: 'Add Arsenal to my teams' })).toBeInTheDocument();
    expect(selectErrorFor(store.getState(), 'favourites')).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Failed to save your teams. Please try again.',
    });
  });
});
