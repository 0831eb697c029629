import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MatchPage } from '../../../src/client/features/match/match-page';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { dashboardApi, loggedIn, ok, serverError } from '../dashboard/dashboard-support';
import { EVENT_ID, eventDetail, history } from './match-support';

const NOW = Date.parse('2026-11-27T15:00:00Z');
const LAGOS = 'Africa/Lagos';

let api: MockApi;
afterEach(() => api?.restore());

function renderMatch() {
  return renderWithProviders(
    <Routes>
      <Route path="/match/:eventId" element={<MatchPage now={NOW} timeZone={LAGOS} pollingIntervalMs={0} />} />
    </Routes>,
    { preloadedState: loggedIn(), route: `/match/${EVENT_ID}` },
  );
}

const texts = (elements: HTMLElement[]) => elements.map((e) => e.textContent);

describe('match page', () => {
  beforeEach(() => {
    api = mockApi()
      .on(`GET /api/odds/event/${EVENT_ID}`, ok(eventDetail()))
      .on(`GET /api/odds/event/${EVENT_ID}/history`, ok(history()));
  });

  it('shows the match, its league and kick-off, and one table per market in market order', async () => {
    renderMatch();
    expect(await screen.findByRole('heading', { level: 1, name: 'Arsenal vs Chelsea' })).toBeInTheDocument();
    expect(screen.getByText('Tomorrow • 16:00')).toHaveAttribute('datetime', '2026-11-28T15:00:00Z');
    expect(screen.getByText(/Premier League/)).toBeInTheDocument();
    const tables = screen.getAllByRole('region', { name: /^Arsenal vs Chelsea/ });
    expect(
      tables.map((t) => t.getAttribute('aria-labelledby') && within(t).getByRole('table').textContent),
    ).toHaveLength(2);
    const [matchResult, btts] = tables.map((t) => within(t).getByRole('table'));
    expect(texts(within(matchResult!).getAllByRole('columnheader'))).toEqual([
      'Bookmaker',
      'Home price history',
      'Draw price history',
      'Away price history',
      'Ov',
    ]);
    expect(texts(within(btts!).getAllByRole('columnheader'))[1]).toBe('Yes price history');
    // The dashboard's table: 2 decimals, best bold, margins as badges.
    const bet9ja = within(matchResult!).getByRole('row', { name: /^Bet9Ja/ });
    expect(
      within(bet9ja)
        .getAllByRole('cell')
        .map((c) => c.querySelector('.odds-value')?.textContent ?? c.textContent),
    ).toEqual(['2.10', '3.40', '3.20', '6.42%']);
    expect(within(bet9ja).getByText('2.10')).toHaveClass('fw-bold');
    expect(api.requests[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(api.requests[0]?.query.get('k')).toBeNull();
  });

  it('sums up the best 1X2 prices with their bookmakers', async () => {
    renderMatch();
    const best = await screen.findByRole('region', { name: 'Best prices · 1X2' });
    expect(
      within(best)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home2.10Bet9Ja', 'Draw3.50BetKing', 'Away3.30BetKing']);
  });

  it('shows each bookmaker from opening to current price', async () => {
    renderMatch();
    const opening = await screen.findByRole('table', { name: 'Opening → current · 1X2' });
    const row = within(opening).getByRole('row', { name: /^Bet9Ja/ });
    expect(texts(within(row).getAllByRole('cell'))).toEqual(['2.30 → 2.10', '3.40 → 3.40', '3.00 → 3.20']);
    const betking = within(opening).getByRole('row', { name: /^BetKing/ });
    expect(texts(within(betking).getAllByRole('cell'))).toEqual(['2.00 → 2.05', '3.50 → 3.50', '3.50 → 3.30']);
    // No opening known: '-' before the arrow.
    const btts = screen.getByRole('table', { name: 'Opening → current · BTTS' });
    expect(texts(within(within(btts).getByRole('row', { name: /^Bet9Ja/ })).getAllByRole('cell'))).toEqual([
      '- → 1.80',
      '- → 1.95',
    ]);
  });

  it('opens the price history of a tapped price: one line per book, best highlighted, values by keyboard', async () => {
    const { user, container } = renderMatch();
    await user.click(await screen.findByRole('button', { name: /Bet9Ja Home price history/ }));
    expect(await screen.findByRole('heading', { name: 'Price history: Home · 1X2' })).toHaveFocus();
    const slider = await screen.findByRole('slider', { name: 'Price history: Home · 1X2' });
    const lines = container.querySelectorAll('path[data-series]');
    expect([...lines].map((l) => l.getAttribute('data-series'))).toEqual(['1', '2']);
    // Bet9Ja holds the best current home price: drawn bold, marked in the legend.
    expect(lines[0]).toHaveAttribute('stroke-width', '3.5');
    expect(lines[1]).toHaveAttribute('stroke-width', '1.75');
    const history = api.requests.find((r) => r.path.endsWith('/history'));
    expect(history?.query.get('market')).toBe('1');
    const legend = within(container.querySelector('.price-chart-legend') as HTMLElement);
    expect(texts(legend.getAllByRole('listitem'))).toEqual(['Bet9Ja 2.30 → 2.10best price', 'BetKing 2.00 → 2.05']);

    slider.focus();
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuetext', 'Today • 11:00: Bet9Ja 2.30, BetKing 2.00');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', 'Today • 14:00: Bet9Ja 2.20, BetKing 2.05');
    const readout = container.querySelector('.price-chart-readout') as HTMLElement;
    expect(readout).toHaveTextContent('Today • 14:00Bet9Ja 2.20BetKing 2.05');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuetext', 'Today • 16:00: Bet9Ja 2.10, BetKing 2.05');

    // A pointer on the chart reads the moment nearest to it too.
    fireEvent.pointerDown(container.querySelector('.price-chart-box svg')!, { clientX: 0 });
    await user.click(screen.getByRole('button', { name: 'Close price history' }));
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('opens a selection from its column header or the best-price summary', async () => {
    const { user } = renderMatch();
    await user.click(await screen.findByRole('button', { name: 'Yes price history' }));
    expect(await screen.findByRole('heading', { name: 'Price history: Yes · BTTS' })).toBeInTheDocument();
    expect(await screen.findByText('No price changes recorded yet.')).toBeInTheDocument();
    const best = screen.getByRole('region', { name: 'Best prices · 1X2' });
    await user.click(within(best).getByRole('button', { name: /^Away/ }));
    expect(await screen.findByRole('heading', { name: 'Price history: Away · 1X2' })).toBeInTheDocument();
  });

  it('says when the match is gone, and records the error', async () => {
    api.on(`GET /api/odds/event/${EVENT_ID}`, {
      status: 404,
      body: { error: { code: 'NOT_FOUND', description: 'Event not found', type: 'not_found' } },
    });
    const { store } = renderMatch();
    expect(await screen.findByText('This match is no longer available.')).toBeInTheDocument();
    await waitFor(() => expect(selectErrorFor(store.getState(), 'match')?.code).toBe('NOT_FOUND'));
  });

  it('shows the failure of a load, and records it', async () => {
    api.on(`GET /api/odds/event/${EVENT_ID}`, serverError);
    const { store } = renderMatch();
    expect(await screen.findByText('Failed to load match odds')).toHaveClass('alert-danger');
    await waitFor(() =>
      expect(selectErrorFor(store.getState(), 'match')).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Failed to load match odds',
      }),
    );
  });
});

describe('dashboard cards', () => {
  it("link each match's name to its match page", async () => {
    api = dashboardApi();
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn(), route: '/dashboard' });
    const links = await screen.findAllByRole('link', { name: /vs/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/match\/evt_\d+$/)]),
    );
    expect(links).toHaveLength(2);
  });
});
