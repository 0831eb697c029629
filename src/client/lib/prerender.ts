/**
 * True while react-snap renders a page into static HTML. Under it the
 * start-up session check, analytics and the /nigeria preview fetch do not run, so the
 * prerendered markup is exactly the client's first render and hydration is clean.
 */
const PRERENDER_USER_AGENT = 'ReactSnap';

export function isPrerendering(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent === PRERENDER_USER_AGENT;
}
