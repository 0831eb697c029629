import { screen, waitFor, within } from '@testing-library/react';
import { AppShell } from '../../../src/client/app/app';
import { selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedOutStore, stubScrolling, preloadPublicPages } from '../shell/support';

let api: MockApi;
beforeAll(preloadPublicPages);
beforeEach(() => {
  stubScrolling();
  api = mockApi();
});
afterEach(() => api.restore());

function description(): string | null | undefined {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content');
}

it.each([
  ['/', 'Get the best football odds in Nigeria, every time', 'OddsMate — compare football odds in Nigeria'],
  ['/nigeria', 'Compare football odds in Nigeria', 'Football odds in Nigeria — OddsMate'],
  ['/kenya', 'OddsMate is coming to Kenya', 'Football odds in Kenya — coming soon — OddsMate'],
  ['/ghana', 'OddsMate is coming to Ghana', 'Football odds in Ghana — coming soon — OddsMate'],
  ['/about', 'About OddsMate', 'About OddsMate'],
  ['/terms', 'Terms of Use', 'Terms of Use — OddsMate'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy — OddsMate'],
  ['/responsible-gambling', 'Responsible Gambling', 'Responsible Gambling — OddsMate'],
])('%s has its headline, title and description', async (route, headline, title) => {
  renderWithProviders(<AppShell />, { store: loggedOutStore(), route });
  expect(screen.getByRole('heading', { level: 1, name: headline })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  await waitFor(() => expect(document.title).toBe(title));
  expect(description()?.length).toBeGreaterThan(40);
});

describe('landing page', () => {
  it('links the region cards, marking Kenya and Ghana as Soon', () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore() });
    const regions = within(screen.getByRole('region', { name: 'Choose your region' }));
    expect(regions.getByRole('link', { name: /^Nigeria Live/ })).toHaveAttribute('href', '/nigeria');
    expect(regions.getByRole('link', { name: /^Kenya Soon/ })).toHaveAttribute('href', '/kenya');
    expect(regions.getByRole('link', { name: /^Ghana Soon/ })).toHaveAttribute('href', '/ghana');
  });

  it('makes the claims of the site, explains why to compare and lists the features', () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore() });
    for (const claim of [
      'Free forever',
      'No affiliate bias',
      'Mobile friendly',
      'Odds up to 15-20% better',
      'Registration takes 30 seconds',
    ])
      expect(screen.getByText(claim)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Why compare odds?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Best odds highlighted' })).toBeInTheDocument();
  });

  it("'Get Started Free' opens the Register dialog", async () => {
    const { store, user } = renderWithProviders(<AppShell />, { store: loggedOutStore() });
    await user.click(screen.getAllByRole('button', { name: 'Get Started Free' })[0]!);
    expect(selectTopDialog(store.getState())).toEqual({ name: 'register' });
  });
});

describe.each([
  ['kenya', ['SportPesa', 'Betika', 'Odibets', 'Betway', 'Mozzartbet']],
  ['ghana', ['Betway', 'SportyBet', 'betPawa', 'Soccabet', '1xBet']],
])('/%s', (region, bookmakers) => {
  it('lists popular bookmakers, the four leagues and the eight markets, with the free and best-odds blurb', () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore(), route: `/${region}` });
    const listed = within(screen.getByRole('list', { name: 'Popular bookmakers' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual(bookmakers);
    expect(within(screen.getByRole('list', { name: 'Leagues' })).getAllByRole('listitem')).toHaveLength(4);
    expect(within(screen.getByRole('list', { name: 'Markets' })).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('heading', { name: 'Free to use. Free to register. Best odds.' })).toBeInTheDocument();
  });
});

describe('static pages', () => {
  it.each(['/about', '/terms', '/privacy', '/responsible-gambling'])('%s links Back to Home', async (route) => {
    const { user } = renderWithProviders(<AppShell />, { store: loggedOutStore(), route });
    await user.click(screen.getByRole('link', { name: /Back to Home/ }));
    expect(await screen.findByRole('heading', { level: 1, name: /best football odds/ })).toBeInTheDocument();
  });

  it('terms say premium features may come later', () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/terms' });
    expect(screen.getByText(/Premium features may come later/)).toBeInTheDocument();
  });

  it('privacy says the service is not intended for people under 18', () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/privacy' });
    expect(screen.getByText(/not intended for anyone under 18/)).toBeInTheDocument();
  });

  it('responsible gambling covers limits, warning signs and help resources', () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/responsible-gambling' });
    for (const name of ['Set your limits', 'Warning signs', 'Where to find help'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Gambling Therapy/ })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
