import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { HASH_WAIT_MS, RouteEffects } from '../../../src/client/app/route-effects';
import { setupStore } from '../../../src/client/app/store';

const scrolledTo: string[] = [];
const original = Element.prototype.scrollIntoView;
beforeEach(() => {
  scrolledTo.length = 0;
  // jsdom lays nothing out and has no scrollIntoView: record which element was asked to come into view.
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolledTo.push(this.id);
  };
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  Element.prototype.scrollIntoView = original;
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/** A page whose sections arrive after it mounts, as the help page's chunk does. */
function LatePage() {
  const [shown, setShown] = useState(false);
  return shown ? (
    <main>
      <h2 id="margin">Margin (Ov)</h2>
      <h2 id="help-value">Value bets</h2>
    </main>
  ) : (
    <button type="button" onClick={() => setShown(true)}>
      Show the page
    </button>
  );
}

function renderAt(entry: string) {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  render(
    <Provider store={setupStore()}>
      <MemoryRouter initialEntries={[entry]}>
        <RouteEffects />
        <Routes>
          <Route path="/help" element={<LatePage />} />
          <Route path="*" element={<Link to="/help#margin">What is the margin?</Link>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return user;
}

describe('an address naming a place on the page', () => {
  it('scrolls to the place once the page shows it, after a link moved there', async () => {
    const user = renderAt('/dashboard');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await user.click(screen.getByRole('link', { name: 'What is the margin?' }));
    // The page's sections are not there yet: nothing to scroll to, and the page is not sent to the top.
    expect(scrolledTo).toEqual([]);
    expect(window.scrollTo).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Show the page' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(scrolledTo).toEqual(['margin']);
  });

  it('scrolls to a place the page already shows when the address is opened', () => {
    render(
      <Provider store={setupStore()}>
        <MemoryRouter initialEntries={['/help#help-value']}>
          <Routes>
            <Route
              path="/help"
              element={
                <main>
                  <h2 id="help-value">Value bets</h2>
                </main>
              }
            />
          </Routes>
          <RouteEffects />
        </MemoryRouter>
      </Provider>,
    );
    expect(scrolledTo).toEqual(['help-value']);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('stops watching after a while (a place shown later is not scrolled to), and a malformed hash scrolls nowhere', async () => {
    jest.useFakeTimers();
    const user = renderAt('/help#margin');
    jest.advanceTimersByTime(HASH_WAIT_MS + 1);
    await user.click(screen.getByRole('button', { name: 'Show the page' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(scrolledTo).toEqual([]);
    render(
      <Provider store={setupStore()}>
        <MemoryRouter initialEntries={['/help#%E0%A4%A']}>
          <RouteEffects />
        </MemoryRouter>
      </Provider>,
    );
    expect(scrolledTo).toEqual([]);
  });
});
