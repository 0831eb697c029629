import { ga4MeasurementId, ga4Transport } from '../../../src/client/app/ga4';

afterEach(() => {
  document.head.innerHTML = '';
  delete window.dataLayer;
});

function setMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'ga4-measurement-id';
  meta.content = content;
  document.head.appendChild(meta);
}

it('is off unless the build put a measurement id into the page', () => {
  expect(ga4MeasurementId()).toBeNull();
  setMeta('not an id');
  expect(ga4MeasurementId()).toBeNull();
  document.head.innerHTML = '';
  setMeta('G-ABC123');
  expect(ga4MeasurementId()).toBe('G-ABC123');
});

it('loads gtag.js from its origin, turns off its own page views and forwards each event', () => {
  const transport = ga4Transport('G-ABC123');
  const script = document.head.querySelector('script');
  expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
  expect(script?.async).toBe(true);

  transport.send([
    { name: 'page_view', country: null, path: '/nigeria', at: '2026-11-22T10:00:00.000Z' },
    { name: 'critical_error', country: 1, path: '/', at: '2026-11-22T10:00:01.000Z', code: 'RENDER_ERROR' },
  ]);
  const calls = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
  expect(calls[1]).toEqual(['config', 'G-ABC123', { send_page_view: false }]);
  expect(calls.slice(2)).toEqual([
    ['event', 'page_view', { page_path: '/nigeria', country: 'none' }],
    ['event', 'critical_error', { page_path: '/', country: 1, error_code: 'RENDER_ERROR' }],
  ]);
});
