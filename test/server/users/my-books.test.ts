/**
 * "My bookmakers" (docs/api.md): GET and PUT /api/users/me/books on both databases — never asked,
 * saved in the lookups' order, skipped (an empty list), unknown books refused with their code,
 * one person's choice never another's, in "download my data".
 */
import { call, errorOf, verifiedUser } from '../support/accounts';
import { databasesUnderTest } from '../support/databases';
import { buildTestApp, type TestApp } from '../support/test-app';

describe.each(databasesUnderTest())('GET and PUT /api/users/me/books on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ accessTokenTtlS: 60 }, { database });
  });
  afterAll(() => t.close());

  const get = (token: string) => call(t, 'GET', '/api/users/me/books', undefined, { token });
  const put = (token: string, body: unknown) => call(t, 'PUT', '/api/users/me/books', body, { token });

  it('answers "not asked yet" for a new account, then the saved books in the lookups\' order, each once', async () => {
    const { session } = await verifiedUser(t);
    const before = await get(session.token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toEqual({ data: { books: [], answered: false } });

    const saved = await put(session.token, { books: [5, 1, 3, 1] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: { books: [1, 3, 5], answered: true } });
    expect((await get(session.token)).json()).toEqual({ data: { books: [1, 3, 5], answered: true } });
  });

  it('takes an empty list as "none" and still counts the question answered (skip)', async () => {
    const { session } = await verifiedUser(t);
    expect((await put(session.token, { books: [] })).json()).toEqual({ data: { books: [], answered: true } });
    expect((await get(session.token)).json()).toEqual({ data: { books: [], answered: true } });
    await put(session.token, { books: [2] });
    await put(session.token, { books: [] });
    expect((await get(session.token)).json().data).toEqual({ books: [], answered: true });
  });

  it('refuses an unknown book with 400 UNKNOWN_BOOKMAKER and keeps the stored choice', async () => {
    const { session } = await verifiedUser(t);
    await put(session.token, { books: [2, 4] });
    for (const books of [[9], [1, 6], [0]]) {
      const refused = await put(session.token, { books });
      expect(refused.statusCode).toBe(400);
      const unknown = books.find((id) => id < 1 || id > 5);
      expect(errorOf(refused)).toMatchObject({
        code: 'UNKNOWN_BOOKMAKER',
        type: 'validation',
        description: `Unknown bookmaker: ${unknown}`,
      });
    }
    expect((await get(session.token)).json().data).toEqual({ books: [2, 4], answered: true });
  });

  it.each([
    ['no list', {}],
    ['not a list', { books: '1,2' }],
    ['not whole numbers', { books: [1.5] }],
    ['names instead of ids', { books: ['Bet9Ja'] }],
    ['negative ids', { books: [-1] }],
    ['too many', { books: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1] }],
    ['other fields', { books: [1], all: true }],
  ])('answers 400 VALIDATION_ERROR to %s', async (_name, body) => {
    const { session } = await verifiedUser(t);
    const refused = await put(session.token, body);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('VALIDATION_ERROR');
    expect((await get(session.token)).json().data).toEqual({ books: [], answered: false });
  });

  it("keeps each person's choice to themselves and answers 401 without a token", async () => {
    const a = await verifiedUser(t);
    const b = await verifiedUser(t);
    await put(a.session.token, { books: [3] });
    expect((await get(b.session.token)).json().data).toEqual({ books: [], answered: false });
    expect((await call(t, 'GET', '/api/users/me/books')).statusCode).toBe(401);
    expect((await call(t, 'PUT', '/api/users/me/books', { books: [1] })).statusCode).toBe(401);
  });

  it('is in "download my data", null until chosen', async () => {
    const { session } = await verifiedUser(t);
    const exported = async () =>
      (await call(t, 'GET', '/api/users/me/export', undefined, { token: session.token })).json().data.account;
    expect((await exported()).myBookmakers).toBeNull();
    await put(session.token, { books: [4, 2] });
    expect((await exported()).myBookmakers).toEqual([2, 4]);
  });
});
