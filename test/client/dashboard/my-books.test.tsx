/**
 * "My bookmakers" on the dashboard (docs/product.md#my-bookmakers): asked once, after the first match; the
 * chosen books' rows come first; "My books only / All books" decides which books the best price
 * and the lead line count; with none chosen (or the question skipped) the tables are as before.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { renderWithProviders } from '../support/render';
import { dashboardApi, loggedIn, ok, type DashboardApi } from './dashboard-support';

// Whole journeys through the page: several renders of every card each.
jest.setTimeout(20_000);

let api: DashboardApi;
afterEach(() => {
  api?.restore();
  window.localStorage.clear();
});

const TOGGLE = 'Which books count for the best price';

function withBooks(stored: { books: number[]; answered: boolean }) {
  api = dashboardApi();
  const puts: unknown[] = [];
  api.on('GET /api/users/me/books', ok(stored));
  api.on('PUT /api/users/me/books', (request) => {
    puts.push(request.body);
    const books = [...(request.body as { books: number[] }).books].sort((a, b) => a - b);
    return ok({ books, answered: true });
  });
  return puts;
}

/** The first card's table: its bookmakers in row order. */
const firstTable = async () => (await screen.findAllByRole('table'))[0]!;
const bookRows = async () =>
  within(await firstTable())
    .getAllByRole('rowheader')
    .map((th) => th.getAttribute('title'));
/** Whether a book's home price carries the best-price mark. */
const homeIsBest = async (book: string) =>
  within(within(await firstTable()).getByRole('row', { name: new RegExp(`^${book}\\b`) }))
    .getAllByRole('cell')[0]!
    .textContent!.includes('best odds');
const firstLead = async () => within(await screen.findAllByRole('list', { name: 'Best price' }).then((l) => l[0]!));

describe('My bookmakers on the dashboard', () => {
  it('asks once after the first match; the chosen books come first and "My books only" limits the best price', async () => {
    const puts = withBooks({ books: [], answered: false });
    const { user } = renderWithProviders(<DashboardPage pollingIntervalMs={0} />, { preloadedState: loggedIn() });
    const prompt = await screen.findByRole('region', { name: 'My bookmakers' });
    // In the list, right after the first match's card: it covers no price.
    const items = prompt.closest('ul')!.children;
    expect(items[0]).toHaveTextContent('Arsenal vs Chelsea');
    expect(items[1]).toContainElement(prompt);
    expect(
      within(prompt).getByText('Which bookmakers do you have accounts at? Their prices come first.'),
    ).toBeVisible();
    expect(screen.queryByRole('group', { name: TOGGLE })).toBeNull();
    expect(within(prompt).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(within(prompt).getByRole('checkbox', { name: 'BetKing' }));
    await user.click(within(prompt).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My bookmakers' })).toBeNull());
    expect(puts).toEqual([{ books: [2] }]);

    // BetKing's row first; with "My books only" (on once books are chosen) its 2.05 is the best home price.
    await waitFor(async () =>
      expect(await bookRows()).toEqual(['BetKing', 'Bet9Ja', 'SportyBet', 'NairaBet', '1XBet']),
    );
    const toggle = screen.getByRole('group', { name: TOGGLE });
    expect(within(toggle).getByRole('button', { name: 'My books only' })).toHaveAttribute('aria-pressed', 'true');
    expect(await homeIsBest('BetKing')).toBe(true);
    expect(await homeIsBest('Bet9Ja')).toBe(false);
    expect((await firstLead()).getAllByRole('listitem')[0]).toHaveTextContent(/^Home BetKing 2\.05/);

    // "All books": the best over every book again, BetKing still first.
    await user.click(within(toggle).getByRole('button', { name: 'All books' }));
    await waitFor(async () => expect(await homeIsBest('Bet9Ja')).toBe(true));
    expect(await homeIsBest('BetKing')).toBe(false);
    expect((await firstLead()).getAllByRole('listitem')[0]).toHaveTextContent(/^Home Bet9Ja 2\.10/);
    expect(await bookRows()).toEqual(['BetKing', 'Bet9Ja', 'SportyBet', 'NairaBet', '1XBet']);
    expect(window.localStorage.getItem('my-books-only:u1')).toBe('0');
  });

  it('takes "Skip" as an answer: stored as none, never asked again, the tables as before', async () => {
    const puts = withBooks({ books: [], answered: false });
    const { user } = renderWithProviders(<DashboardPage pollingIntervalMs={0} />, { preloadedState: loggedIn() });
    const prompt = await screen.findByRole('region', { name: 'My bookmakers' });
    await user.click(within(prompt).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My bookmakers' })).toBeNull());
    expect(puts).toEqual([{ books: [] }]);
    expect(screen.queryByRole('group', { name: TOGGLE })).toBeNull();
    expect(await bookRows()).toEqual(['Bet9Ja', 'BetKing', 'SportyBet', 'NairaBet', '1XBet']);
    expect(await homeIsBest('Bet9Ja')).toBe(true);
  });

  it('does not ask a person who answered, and keeps their "All books" choice', async () => {
    window.localStorage.setItem('my-books-only:u1', '0');
    withBooks({ books: [3, 5], answered: true });
    renderWithProviders(<DashboardPage pollingIntervalMs={0} />, { preloadedState: loggedIn() });
    await waitFor(async () =>
      expect(await bookRows()).toEqual(['SportyBet', '1XBet', 'Bet9Ja', 'BetKing', 'NairaBet']),
    );
    expect(screen.queryByRole('region', { name: 'My bookmakers' })).toBeNull();
    const toggle = screen.getByRole('group', { name: TOGGLE });
    expect(within(toggle).getByRole('button', { name: 'All books' })).toHaveAttribute('aria-pressed', 'true');
    expect(await homeIsBest('Bet9Ja')).toBe(true);
  });

  it('keeps the question open and says so when saving fails', async () => {
    api = dashboardApi();
    api.on('GET /api/users/me/books', ok({ books: [], answered: false }));
    api.on('PUT /api/users/me/books', {
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', description: 'Something broke', type: 'server' } },
    });
    const { user } = renderWithProviders(<DashboardPage pollingIntervalMs={0} />, { preloadedState: loggedIn() });
    const prompt = await screen.findByRole('region', { name: 'My bookmakers' });
    await user.click(within(prompt).getByRole('button', { name: 'Skip' }));
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(
      'Your bookmakers could not be saved. Please try again.',
    );
    expect(screen.getByRole('region', { name: 'My bookmakers' })).toBeInTheDocument();
  });
});
