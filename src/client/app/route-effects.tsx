/**
 * Route-change side effects: the location is recorded in the store as an event (analytics,
 * action log, replay); the page scrolls to the top on every route change, or, when the address
 * names a place on the page (`/help#margin`), to that place once the page shows it.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from './hooks';
import { locationChanged } from './router.slice';

/**
 * How long an address's place is waited for: a page's code and data arrive after the address
 * changes (the help page is a chunk of its own), so the place may not be there yet.
 */
export const HASH_WAIT_MS = 5000;

/** The element an address's hash names ('#margin' → id "margin"), if the page shows it. */
function placeOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/**
 * Scrolls to the place `hash` names as soon as the page shows it, watching the page until then
 * (at most HASH_WAIT_MS); returns what stops the watch. The browser does this for a page it
 * loads, never for an address the app itself moves to.
 */
function scrollToPlace(hash: string): () => void {
  const now = placeOf(hash);
  if (now) {
    now.scrollIntoView();
    return () => undefined;
  }
  const watch = new MutationObserver(() => {
    const place = placeOf(hash);
    if (!place) return;
    stop();
    place.scrollIntoView();
  });
  const timer = window.setTimeout(() => stop(), HASH_WAIT_MS);
  function stop() {
    watch.disconnect();
    window.clearTimeout(timer);
  }
  watch.observe(document.body, { childList: true, subtree: true });
  return stop;
}

export function RouteEffects() {
  const { pathname, search, hash } = useLocation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(locationChanged({ pathname, search }));
  }, [dispatch, pathname, search]);

  useEffect(() => {
    if (hash) return scrollToPlace(hash);
    window.scrollTo(0, 0);
    return undefined;
  }, [pathname, hash]);

  return null;
}
