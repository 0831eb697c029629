import { screen, within } from '@testing-library/react';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { bestMargin } from '../../../src/client/components/odds/odds-grid';
import { renderWithProviders } from '../support/render';
import { dashboardApi, loggedIn, type DashboardApi } from './dashboard-support';

let api: DashboardApi;
const originalMatchMedia = window.matchMedia;

/** A screen of the given width for the app's media queries (jsdom has none of its own). */
function screenWidth(px: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? px >= Number(min[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  }) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  api.restore();
  window.matchMedia = originalMatchMedia;
  localStorage.clear();
});

describe('the dashboard on a wide screen', () => {
  jest.setTimeout(20_000);

  it('shows the dense table by default, one row per match, and the cards on request, remembered', async () => {
    screenWidth(1280);
    api = dashboardApi();
    const { user } = renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Match', 'Home', 'Draw', 'Away', 'Best Ov', 'All books']);
    expect(within(table).getByRole('rowheader', { name: /Arsenal vs Chelsea/ })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: /Liverpool vs Everton/ })).toBeInTheDocument();
    expect(document.querySelectorAll('.event-card')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'All books: Every bookmaker for Arsenal vs Chelsea' }));
    expect(screen.getByRole('button', { name: 'All books: Every bookmaker for Arsenal vs Chelsea' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(document.querySelector('.odds-grid-detail .odds-table')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cards' }));
    expect(document.querySelectorAll('.event-card')).toHaveLength(2);
    expect(localStorage.getItem('oddsmate-odds-layout')).toBe('cards');
  });

  it('keeps the cards and offers no switch on a phone', async () => {
    screenWidth(360);
    localStorage.setItem('oddsmate-odds-layout', 'table');
    api = dashboardApi();
    renderWithProviders(<DashboardPage />, { preloadedState: loggedIn() });
    await screen.findByText('Arsenal vs Chelsea', {}, { timeout: 5_000 });
    expect(document.querySelectorAll('.event-card')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Show odds as' })).not.toBeInTheDocument();
  });
});

describe('bestMargin', () => {
  it('is the margin of the best prices taken together, or null when one is missing', () => {
    // 1/2.1 + 1/3.6 + 1/4.2 = 0.47619 + 0.27778 + 0.23810 = 0.99206 → -0.79 %
    expect(bestMargin([2.1, 3.6, 4.2])).toBe(-0.79);
    expect(bestMargin([1.9, 1.9])).toBe(5.26);
    expect(bestMargin([2.1, null, 4.2])).toBeNull();
    expect(bestMargin([2.1])).toBeNull();
  });
});
