/**
 * `loadable`: a split component renders its fallback until its chunk arrives, then itself;
 * once preloaded it renders at once (what hydration of a prerendered page relies on); a chunk
 * that fails to load reaches the error boundary, and 'Try Again' loads it anew.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { Provider } from 'react-redux';
import { loadable } from '../../../src/client/lib/loadable';
import { setupStore } from '../../../src/client/app/store';
import { ErrorBoundary } from '../../../src/client/components/error-boundary';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <h1>Hello {name}</h1>;

it('shows the fallback until the chunk arrives, then the component with its props', async () => {
  const chunk = deferred<typeof Greeting>();
  const load = jest.fn(() => chunk.promise);
  const Page = loadable(load, <p>Loading...</p>);
  render(<Page name="Ada" />);
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(Page.loaded).toBe(false);
  await act(async () => chunk.resolve(Greeting));
  expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  expect(Page.loaded).toBe(true);
  expect(load).toHaveBeenCalledTimes(1);
});

it('renders at once, without a fallback, once preloaded; loading happens once', async () => {
  const load = jest.fn(() => Promise.resolve(Greeting));
  const Page = loadable(load, <p>Loading...</p>);
  await Promise.all([Page.preload(), Page.preload()]);
  const { container } = render(<Page name="Bo" />);
  // The very first render already holds the component: no fallback ever reached the DOM.
  expect(container.innerHTML).toBe('<h1>Hello Bo</h1>');
  expect(load).toHaveBeenCalledTimes(1);
});

it('shows the component when the chunk lands after the fallback rendered but before its effects ran', async () => {
  // A prefetch already in flight finishes in the commit of the fallback (here: a layout effect,
  // which runs before passive effects), so the chunk is there by the time the effect looks.
  let arrive!: () => void;
  const chunk: PromiseLike<typeof Greeting> = {
    then: (onArrived) => new Promise((done) => (arrive = () => done(onArrived?.(Greeting)))) as never,
  };
  const Page = loadable(() => chunk as Promise<typeof Greeting>, <Arrives />);
  function Arrives() {
    useLayoutEffect(() => arrive(), []);
    return <p>Loading...</p>;
  }
  void Page.preload();
  render(<Page name="Di" />);
  expect(await screen.findByRole('heading', { name: 'Hello Di' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});

it('throws a failed chunk to the error boundary; Try Again loads it again', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const load = jest
      .fn<Promise<typeof Greeting>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 7 failed'))
      .mockResolvedValueOnce(Greeting);
    const Page = loadable(load);
    render(
      <Provider store={setupStore()}>
        <ErrorBoundary>
          <Page name="Cy" />
        </ErrorBoundary>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Hello Cy' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  } finally {
    consoleError.mockRestore();
  }
});
