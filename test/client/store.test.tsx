import { screen } from '@testing-library/react';
import { useAppSelector } from '../../src/client/app/hooks';
import { locationChanged, selectPathname } from '../../src/client/app/router.slice';
import { errorShown, selectErrorFor } from '../../src/client/lib/errors.slice';
import { setupStore } from '../../src/client/app/store';
import { renderWithProviders } from './support/render';

describe('store', () => {
  it('records the route and shown errors with their code and time', () => {
    const store = setupStore();
    store.dispatch(locationChanged({ pathname: '/nigeria', search: '' }));
    store.dispatch(
      errorShown({ source: 'summary', code: 'NETWORK_ERROR', message: 'Failed to load summary data' }, 1000),
    );
    expect(selectPathname(store.getState())).toBe('/nigeria');
    expect(selectErrorFor(store.getState(), 'summary')).toEqual({
      code: 'NETWORK_ERROR',
      message: 'Failed to load summary data',
      at: 1000,
    });
  });

  it('renders components against a real store', () => {
    function Where() {
      return <p>{useAppSelector(selectPathname)}</p>;
    }
    renderWithProviders(<Where />, { preloadedState: { router: { pathname: '/about', search: '' } } });
    expect(screen.getByText('/about')).toBeInTheDocument();
  });
});
