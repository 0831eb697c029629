/**
 * Analytics (docs/architecture.md#settled-details): page_view on every route change,
 * user_registration_completed, user_login_success (each with the user's country id, or null when
 * anonymous) and critical_error. Events are batched and handed to pluggable transports that
 * never block the page: first-party by default (`navigator.sendBeacon`, else `fetch` with
 * `keepalive`, to POST /api/analytics/events). Never started under react-snap.
 */
import type { AnalyticsEventDto, AnalyticsEventName } from '@shared/contract/analytics';
import { countryById } from '@shared/lookups';
import { sessionStarted } from '../features/account/auth.slice';
import { selectAuthLoading, selectSession } from '../lib/session';
import { errorShown } from '../lib/errors.slice';
import { startAppListening } from './listener';
import { locationChanged, selectPathname } from './router.slice';
import type { RootState } from './store';

export interface AnalyticsTransport {
  send(events: AnalyticsEventDto[]): void;
}

const ANALYTICS_ENDPOINT = '/api/analytics/events';

/** First-party transport: a beacon survives the page being closed; fetch keepalive is the fallback. */
export function beaconTransport(url: string = ANALYTICS_ENDPOINT): AnalyticsTransport {
  return {
    send(events) {
      const body = JSON.stringify({ events });
      try {
        if (typeof navigator.sendBeacon === 'function') {
          if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
        }
        void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } })
          // Analytics must never surface an error to the person using the app.
          .catch(() => undefined);
      } catch {
        // Same: a failing transport is ignored.
      }
    },
  };
}

interface AnalyticsOptions {
  transports?: AnalyticsTransport[];
  /** How long events wait to be sent together; critical errors go at once. */
  flushDelayMs?: number;
  /** Longest wait for the start-up session check before a page view is sent anyway. */
  authWaitMs?: number;
}

const MAX_BATCH = 20;

/** The user's country id as the wire carries it, or null when anonymous or unknown. */
function countryOf(state: RootState): number | null {
  const country = Number(selectSession(state)?.user.country);
  return countryById(country) ? country : null;
}

/** Starts the analytics listeners; returns a function that stops them and sends what is queued. */
export function startAnalytics(options: AnalyticsOptions = {}): () => void {
  const { transports = [beaconTransport()], flushDelayMs = 2000, authWaitMs = 10_000 } = options;
  let queue: AnalyticsEventDto[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      for (const transport of transports) transport.send(batch);
    }
  };

  const track = (name: AnalyticsEventName, country: number | null, path: string, code?: string) => {
    queue.push({ name, country, path, at: new Date().toISOString(), ...(code ? { code } : {}) });
    if (name === 'critical_error' || queue.length >= MAX_BATCH) flush();
    else timer ??= setTimeout(flush, flushDelayMs);
  };

  const stops = [
    startAppListening({
      actionCreator: locationChanged,
      effect: async (action, api) => {
        // The country is known only once the start-up session check has ended.
        if (selectAuthLoading(api.getState())) await api.condition((_, state) => !selectAuthLoading(state), authWaitMs);
        track('page_view', countryOf(api.getState()), action.payload.pathname);
      },
    }),
    startAppListening({
      actionCreator: sessionStarted,
      effect: (action, api) => {
        const path = selectPathname(api.getState());
        const country = countryOf(api.getState());
        if (action.payload.via === 'verify-registration') track('user_registration_completed', country, path);
        else track('user_login_success', country, path);
      },
    }),
    startAppListening({
      predicate: (action) => errorShown.match(action) && action.payload.source === 'render',
      effect: (action, api) => {
        const code = errorShown.match(action) ? action.payload.code : undefined;
        track('critical_error', countryOf(api.getState()), selectPathname(api.getState()), code);
      },
    }),
  ];

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);

  return () => {
    stops.forEach((stop) => stop());
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flush);
    flush();
  };
}
