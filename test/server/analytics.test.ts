import { listAnalyticsCounts } from '../../src/server/modules/analytics/analytics.repository';
import { call, errorOf } from './support/accounts';
import { databasesUnderTest } from './support/databases';
import { buildTestApp, type TestApp } from './support/test-app';

const event = (name: string, country: number | null = 1) => ({
  name,
  country,
  path: '/dashboard',
  at: '2026-11-22T10:00:00.000Z',
});

describe.each(databasesUnderTest())('POST /api/analytics/events on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database, smtp: false });
  });
  afterAll(() => t.close());

  it('accepts with 202 and keeps only counts per day, name and country', async () => {
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const first = await call(t, 'POST', '/api/analytics/events', {
      events: [event('page_view'), event('page_view'), event('page_view', null), event('user_login_success')],
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ data: { accepted: 4 } });
    const second = await call(t, 'POST', '/api/analytics/events', {
      events: [{ ...event('critical_error'), code: 'RENDER_ERROR' }, event('page_view')],
    });
    expect(second.statusCode).toBe(202);
    expect(await listAnalyticsCounts(t.db)).toEqual([
      { day, name: 'critical_error', country: 1, count: 1 },
      { day, name: 'page_view', country: 0, count: 1 },
      { day, name: 'page_view', country: 1, count: 3 },
      { day, name: 'user_login_success', country: 1, count: 1 },
    ]);
  });

  it.each([
    [{ events: [] }, 'events'],
    [{ events: [event('signup_clicked')] }, 'events.0.name'],
    [{ events: [event('page_view', 9)] }, 'events.0.country'],
    [{ events: [{ ...event('page_view'), at: 'yesterday' }] }, 'events.0.at'],
    [{ events: Array.from({ length: 51 }, () => event('page_view')) }, 'events'],
    [{}, 'events'],
  ])('answers 400 VALIDATION_ERROR for %#', async (body, field) => {
    const response = await call(t, 'POST', '/api/analytics/events', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field })],
    });
  });
});

describe('analytics per-IP limit', () => {
  it('answers the 61st batch in a minute from one address with 429 and Retry-After', async () => {
    const t = await buildTestApp({ rateLimits: true }, { smtp: false });
    for (let i = 0; i < 60; i += 1) {
      expect((await call(t, 'POST', '/api/analytics/events', { events: [event('page_view')] })).statusCode).toBe(202);
    }
    const limited = await call(t, 'POST', '/api/analytics/events', { events: [event('page_view')] });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.close();
  });
});
