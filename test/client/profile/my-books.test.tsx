/**
 * 'My bookmakers' on the profile (docs/product.md#my-bookmakers): the stored choice shown as pressed toggles,
 * changed and saved (none is a choice too), a refused save said in words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ProfilePage } from '../../../src/client/features/profile/profile-page';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn } from '../account/tokens';

jest.setTimeout(20_000);

let http: MockApi;
afterEach(() => http.restore());

const profile = {
  username: 'ada',
  email: 'ada@example.ng',
  country: 1,
  registrationDate: '2025-01-02T03:04:05.000Z',
  lastLogin: null,
};

function serve(stored: number[], put: 'ok' | 'refused' = 'ok') {
  const puts: unknown[] = [];
  http = mockApi()
    .on('GET /api/users/me', { body: { data: profile } })
    .on('GET /api/users/me/books', { body: { data: { books: stored, answered: true } } })
    .on('PUT /api/users/me/books', (request) => {
      puts.push(request.body);
      return put === 'ok'
        ? { body: { data: { books: (request.body as { books: number[] }).books, answered: true } } }
        : {
            status: 400,
            body: { error: { code: 'UNKNOWN_BOOKMAKER', description: 'Unknown bookmaker: 9', type: 'validation' } },
          };
    });
  return puts;
}

const section = async () =>
  (await screen.findByRole('heading', { name: 'My bookmakers', level: 2 })).closest('.card') as HTMLElement;
const checked = (card: HTMLElement) =>
  within(card)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);

describe('/profile: My bookmakers', () => {
  it('shows the stored books and saves a change', async () => {
    const puts = serve([1, 3]);
    const { user } = renderWithProviders(<ProfilePage />, { preloadedState: loggedIn() });
    const card = await section();
    await waitFor(() => expect(checked(card)).toEqual(['Bet9Ja', 'SportyBet']));
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(card).getByRole('checkbox', { name: 'Bet9Ja' }));
    await user.click(within(card).getByRole('checkbox', { name: '1XBet' }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(card).findByRole('status')).toHaveTextContent('Saved.');
    expect(puts).toEqual([{ books: [3, 5] }]);
    expect(checked(card)).toEqual(['SportyBet', '1XBet']);
  });

  it('saves none as a choice and says what it means', async () => {
    const puts = serve([2]);
    const { user } = renderWithProviders(<ProfilePage />, { preloadedState: loggedIn() });
    const card = await section();
    await waitFor(() => expect(checked(card)).toEqual(['BetKing']));
    await user.click(within(card).getByRole('checkbox', { name: 'BetKing' }));
    expect(within(card).getByText('None chosen: every table treats all books alike.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ books: [] }]));
  });

  it('says so when the save is refused, keeping the choice on screen', async () => {
    serve([], 'refused');
    const { user } = renderWithProviders(<ProfilePage />, { preloadedState: loggedIn() });
    const card = await section();
    await waitFor(() => expect(within(card).getByRole('checkbox', { name: 'NairaBet' })).toBeEnabled());
    await user.click(within(card).getByRole('checkbox', { name: 'NairaBet' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Your bookmakers could not be saved. Please try again.',
    );
    expect(checked(card)).toEqual(['NairaBet']);
  });
});
