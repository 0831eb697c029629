/**
 * A component whose code is in its own chunk and that can be loaded ahead of rendering. Unlike
 * React.lazy it never suspends: until the chunk has arrived it renders `fallback`, then the
 * component. That lets the public pages be split without a Suspense boundary, which the
 * prerendered HTML (a captured DOM without React's Suspense markers) could not hydrate: the entry
 * loads the chunk of the page being opened before hydrating, so the first render matches the
 * static HTML. A chunk that fails to load is thrown to the nearest error boundary; rendering
 * again (its 'Try Again') loads it anew.
 */
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

interface Loadable<P extends object> {
  (props: P): ReactNode;
  /** Loads the chunk (once; again after a failure). */
  preload(): Promise<void>;
  /** Whether the chunk has arrived, so rendering shows the component at once. */
  readonly loaded: boolean;
}

export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): Loadable<P> {
  let Component: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;

  const preload = () =>
    (pending ??= load().then(
      (loaded) => {
        Component = loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));

  function Loadable(props: P) {
    const [failure, setFailure] = useState<{ error: unknown }>();
    const [, setArrived] = useState(false);
    // What this render showed, not what has arrived since: a chunk that lands between the
    // render of the fallback and this effect (an idle prefetch finishing) must still re-render.
    const shown = Component !== undefined;
    useEffect(() => {
      if (shown) return;
      let current = true;
      preload().then(
        () => current && setArrived(true),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [shown]);
    if (failure) throw failure.error;
    return Component ? <Component {...props} /> : fallback;
  }

  return Object.defineProperties(Loadable, {
    preload: { value: preload },
    loaded: { get: () => Component !== undefined },
  }) as Loadable<P>;
}
