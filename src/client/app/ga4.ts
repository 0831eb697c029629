/**
 * Optional GA4 transport for analytics. Configured at build time: with
 * `GA4_MEASUREMENT_ID` set, the page template carries `<meta name="ga4-measurement-id">`, and
 * only then is gtag.js loaded — as an external script, never inline, so the strict CSP needs
 * just Google's origins added (the server adds them from the same variable).
 */
import type { AnalyticsTransport } from './analytics';

const GA4_META_NAME = 'ga4-measurement-id';
const GA4_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The measurement id the build put into the page, if any. */
export function ga4MeasurementId(doc: Document = document): string | null {
  const id = doc.head.querySelector<HTMLMetaElement>(`meta[name="${GA4_META_NAME}"]`)?.content.trim();
  return id && /^G-[A-Z0-9]+$/.test(id) ? id : null;
}

/** Loads gtag.js once and forwards every analytics event to it, with page views sent by us only. */
export function ga4Transport(measurementId: string, doc: Document = document): AnalyticsTransport {
  const dataLayer = (window.dataLayer ??= []);
  // gtag() must push the `arguments` object itself: gtag.js ignores plain arrays.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GA4_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  doc.head.appendChild(script);
  return {
    send(events) {
      for (const event of events)
        gtag('event', event.name, {
          page_path: event.path,
          country: event.country ?? 'none',
          ...(event.code ? { error_code: event.code } : {}),
        });
    },
  };
}
