import { act, screen, waitFor, within } from '@testing-library/react';
import { AppShell } from '../../../src/client/app/app';
import { selectPathname } from '../../../src/client/app/router.slice';
import { selectSlipOpen, slipPriceTapped } from '../../../src/client/lib/slip.slice';
import { setupStore } from '../../../src/client/app/store';
import { selectSession } from '../../../src/client/lib/session';
import { selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import { mockApi, type MockApi, type MockReply } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { SESSION, loggedInStore, loggedOutStore, settleLazy, stubScrolling, preloadPublicPages } from './support';

let api: MockApi;
beforeAll(preloadPublicPages);
beforeEach(() => {
  stubScrolling();
  api = mockApi();
});
afterEach(() => api.restore());

describe('logged out', () => {
  it('shows Login, links the brand to / and has no account parts', async () => {
    const { store, user } = renderWithProviders(<AppShell />, { store: loggedOutStore() });
    expect(screen.getByRole('link', { name: 'OddsMate' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send feedback' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(selectTopDialog(store.getState())).toEqual({ name: 'login' });
  });

  it('links the footer to the about and legal pages and shows the 18+ notice', () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore() });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(footer.getByRole('link', { name: 'Responsible Gambling' })).toHaveAttribute('href', '/responsible-gambling');
    expect(footer.getByText('18+')).toBeInTheDocument();
  });

  it('redirects a protected route to /', async () => {
    const { store } = renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: /best football odds/ })).toBeInTheDocument();
    expect(selectPathname(store.getState())).toBe('/');
  });
});

describe('while the session check runs', () => {
  afterEach(() => localStorage.clear());

  it("shows 'Loading...' on protected routes and neither Login nor Account, then redirects", async () => {
    // A stored token of unknown expiry makes the check refresh it; the refresh answers when told to.
    localStorage.setItem('auth-session', JSON.stringify(SESSION));
    let answer: (reply: MockReply) => void = () => undefined;
    api.on('POST /users/refresh', () => new Promise<MockReply>((resolve) => (answer = resolve)));
    const { store } = renderWithProviders(<AppShell />, { store: setupStore(), route: '/dashboard' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();

    await waitFor(() => expect(api.requests.map((r) => r.path)).toContain('/api/users/refresh'));
    answer({ status: 401, body: { error: { code: 'INVALID_REFRESH_TOKEN', description: 'Invalid', type: 'auth' } } });
    // The turned-away address also opens the Login dialog, whose submit button is named Login too.
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(selectPathname(store.getState())).toBe('/'));
    await waitFor(() => expect(selectTopDialog(store.getState())).toEqual({ name: 'login' }));
  });

  it('runs the start-up check once and then shows Login', async () => {
    renderWithProviders(<AppShell />, { store: setupStore() });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('logged in', () => {
  it('links the brand to /dashboard and shows the bottom bar and the feedback shortcut', async () => {
    renderWithProviders(<AppShell />, { store: loggedInStore(), route: '/about' });
    await settleLazy();
    expect(screen.getByRole('link', { name: 'OddsMate' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    const bottomBar = screen.getByRole('navigation', { name: 'Quick links' });
    expect(bottomBar).toHaveClass('d-md-none');
    expect(within(bottomBar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(bottomBar).getByRole('link', { name: 'Drops' })).toHaveAttribute('href', '/drops');
    expect(within(bottomBar).getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/tools/surebets');
    expect(within(bottomBar).getByRole('link', { name: 'Alerts' })).toHaveAttribute('href', '/alerts');
    // Profile and Help moved to the account drawer (issue: the bar spent two places on them).
    expect(within(bottomBar).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(bottomBar).queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();
    const topDrops = within(screen.getByRole('banner')).getByRole('link', { name: 'Drops' });
    expect(topDrops).toHaveAttribute('href', '/drops');
    expect(topDrops.parentElement).toHaveClass('top-bar-links', 'd-none', 'd-md-flex');
    // A group inside the top bar's navigation: the drawer's 'Tools' is the only landmark of that name.
    expect(screen.queryByRole('navigation', { name: 'Tools' })).toBeNull();
    const tools = within(screen.getByRole('banner')).getByRole('group', { name: 'Tools' });
    // From md only, with Drops, in the top bar's links (phones have them in the bottom bar).
    expect(tools.parentElement).toHaveClass('top-bar-links', 'd-none', 'd-md-flex');
    expect(
      within(tools)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/tools/surebets', '/tools/value']);
    expect(screen.getByRole('link', { name: 'Send feedback' })).toHaveAttribute('href', '/feedback');
  });

  it("confirms a price put on the slip over the phone bar's quick links, and from md over the top bar's links", async () => {
    const store = loggedInStore();
    const { user } = renderWithProviders(<AppShell />, { store, route: '/about' });
    await settleLazy();
    act(() => {
      store.dispatch(
        slipPriceTapped({
          eventId: 'evt_a',
          name: 'Arsenal vs Chelsea',
          marketId: 1,
          selectionTypeId: 1,
          providerId: 3,
          value: 2.1,
        }),
      );
    });
    // One placement per size, each a polite status region inside a bar: the bottom bar's (which md
    // hides) and the top bar's, inside its links from md (hidden below md).
    const bar = screen.getByRole('navigation', { name: 'Quick links' });
    const inBar = within(bar).getByRole('status');
    expect(inBar).toHaveClass('slip-added-region', 'slip-added-bar');
    expect(inBar).toHaveAttribute('aria-live', 'polite');
    expect(inBar).toHaveTextContent('Added: Arsenal to win at SportyBet 2.10');
    const banner = screen.getByRole('banner');
    const regions = screen.getAllByRole('status').filter((region) => !bar.contains(region));
    expect(regions).toHaveLength(1);
    const top = regions[0] as HTMLElement;
    expect(banner).toContainElement(top);
    expect(top).toHaveClass('slip-added-region', 'slip-added-top');
    expect(top.parentElement).toHaveClass('top-bar-links', 'd-none', 'd-md-flex');
    expect(top).toHaveTextContent('Added: Arsenal to win at SportyBet 2.10');
    // Nothing of it outside the two bars.
    expect(document.querySelectorAll('.slip-added-region')).toHaveLength(2);
    // The slip's own button stays in each bar beside it; a tap on the confirmation opens the slip.
    expect(within(bar).getByRole('button', { name: 'Slip (1)' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Slip (1)' })).toBeInTheDocument();
    await user.click(within(inBar).getByRole('button'));
    expect(selectSlipOpen(store.getState())).toBe(true);
  });

  it('opens the left drawer with Home, Drops, Profile, My alerts, Help, Feedback and Logout', async () => {
    const { user } = renderWithProviders(<AppShell />, { store: loggedInStore(), route: '/about' });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer.closest('.offcanvas-start') ?? drawer.querySelector('.offcanvas-start')).not.toBeNull();
    const links = within(drawer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/dashboard'],
      ['Drops', '/drops'],
      ['Profile', '/profile'],
      ['My alerts', '/alerts'],
      ['Help', '/help'],
      ['Feedback', '/feedback'],
      ['Sure bets', '/tools/surebets'],
      ['Value bets', '/tools/value'],
    ]);
    expect(within(within(drawer).getByRole('navigation', { name: 'Tools' })).getAllByRole('link')).toHaveLength(2);
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out from the drawer and goes to /', async () => {
    const { store, user } = renderWithProviders(<AppShell />, { store: loggedInStore(), route: '/about' });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(selectSession(store.getState())).toBeNull();
    await waitFor(() => expect(selectPathname(store.getState())).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('loads a protected page on demand', async () => {
    const { store } = renderWithProviders(<AppShell />, { store: loggedInStore(), route: '/help' });
    await waitFor(() => expect(document.title).toBe('Help — OddsMate'));
    expect(selectPathname(store.getState())).toBe('/help');
  });
});

describe('route changes', () => {
  it('records the location and scrolls to the top', async () => {
    const scrollTo = stubScrolling();
    const { store, user } = renderWithProviders(<AppShell />, { store: loggedOutStore() });
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(selectPathname(store.getState())).toBe('/terms');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('shows a friendly page for unknown routes', async () => {
    renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found — OddsMate'));
  });
});

describe('global open events', () => {
  it.each([
    ['open-login', 'login'],
    ['open-register', 'register'],
  ])('%s opens the %s dialog', (event, name) => {
    const { store } = renderWithProviders(<AppShell />, { store: loggedOutStore() });
    act(() => {
      window.dispatchEvent(new CustomEvent(event));
    });
    expect(selectTopDialog(store.getState())).toEqual({ name });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('the feedback shortcut', () => {
  it('never floats on a phone (the drawer has Feedback) and is absent on /feedback itself', async () => {
    renderWithProviders(<AppShell />, { store: loggedInStore(), route: '/about' });
    await settleLazy();
    const shortcut = screen.getByRole('complementary', { name: 'Feedback shortcut' });
    expect(shortcut).toHaveClass('d-none', 'd-md-flex');
    // In the flow above the footer, not after it: only wide screens float it, beside the column.
    expect(shortcut.compareDocumentPosition(screen.getByRole('contentinfo'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('is not on the feedback page', async () => {
    renderWithProviders(<AppShell />, { store: loggedInStore(), route: '/feedback' });
    await settleLazy();
    expect(screen.queryByRole('link', { name: 'Send feedback' })).not.toBeInTheDocument();
  });
});
