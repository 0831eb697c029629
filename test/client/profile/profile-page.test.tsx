import { act, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { ProfilePage } from '../../../src/client/features/profile/profile-page';
import { mockApi, type MockApi, type MockReply } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedIn } from '../account/tokens';

let http: MockApi;
beforeEach(() => {
  http = mockApi();
});
afterEach(() => http.restore());

const profile = {
  username: 'ada',
  email: 'ada@example.ng',
  country: 1,
  registrationDate: '2025-01-02T03:04:05.000Z',
  lastLogin: '2025-03-04T10:00:00.000Z',
};
const render = () => renderWithProviders(<ProfilePage />, { preloadedState: loggedIn() });
const details = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('/profile', () => {
  it("shows the page once its alert settings answered too, so 'Alert delivery' pushes nothing down", async () => {
    let answer: (reply: MockReply) => void = () => {};
    http
      .on('GET /api/users/me', { body: { data: profile } })
      .on('GET /api/users/me/alert-settings', () => new Promise<MockReply>((resolve) => (answer = resolve)));
    render();
    await waitFor(() => expect(http.requests.map((r) => r.path)).toContain('/api/users/me/alert-settings'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('ada@example.ng')).toBeNull();
    answer({ body: { data: { settings: { inApp: true, email: true, push: false }, vapidPublicKey: null } } });
    expect(await screen.findByText('ada@example.ng')).toBeInTheDocument();
    expect(screen.getByText('Alert delivery')).toBeInTheDocument();
  });

  it('shows loading, then username, e-mail, country by name and both dates', async () => {
    http.on('GET /api/users/me', { body: { data: profile } });
    render();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await screen.findByText('ada@example.ng');
    expect(details()).toEqual({
      Username: 'ada',
      Email: 'ada@example.ng',
      Country: 'Nigeria',
      'Member since': '2 January 2025',
      'Last login': '4 March 2025',
    });
    expect(http.requests[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('leaves out the last login when absent and reads bad dates as Invalid date', async () => {
    http.on('GET /api/users/me', { body: { data: { ...profile, registrationDate: 'yesterday', lastLogin: null } } });
    render();
    await screen.findByText('ada@example.ng');
    expect(details()).toEqual({
      Username: 'ada',
      Email: 'ada@example.ng',
      Country: 'Nigeria',
      'Member since': 'Invalid date',
    });
  });

  it.each([
    [
      { status: 500, body: { error: { code: 'INTERNAL_ERROR', description: 'Database unavailable', type: 'server' } } },
      'INTERNAL_ERROR',
      'Database unavailable',
    ],
    [{ status: 500, body: { message: 'Flat message', code: 'X' } }, 'X', 'Flat message'],
    [{ body: { ok: true } }, 'NO_DATA', 'No data received from server'],
    ['network-error' as const, 'NETWORK_ERROR', 'No internet connection. Please check your network and try again.'],
  ])('shows Error Loading Profile with the server text (%#)', async (reply, code, message) => {
    http.on('GET /api/users/me', reply);
    const { store } = render();
    expect(await screen.findByRole('heading', { name: 'Error Loading Profile' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(selectErrorFor(store.getState(), 'profile')).toMatchObject({ code, message });
  });

  it('shows the empty state when the answer holds no profile', async () => {
    http.on('GET /api/users/me', { body: { data: {} } });
    render();
    await waitForElementToBeRemoved(() => screen.queryByText('Loading...'));
    expect(screen.getByRole('status')).toHaveTextContent('No Profile Data: Unable to load your profile information.');
  });

  it('shows the empty state without a session (no request)', () => {
    renderWithProviders(<ProfilePage />);
    expect(screen.getByRole('status')).toHaveTextContent('No Profile Data: Unable to load your profile information.');
    expect(http.requests).toHaveLength(0);
  });
});
