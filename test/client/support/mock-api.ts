/**
 * A fetch stand-in at the network boundary: routes `METHOD /path` to handlers and records every
 * request (method, path, query, headers, body) so tests can assert what the client sent.
 */

interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

export type MockHandler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

export interface MockApi {
  requests: RecordedRequest[];
  on(route: string, handler: MockHandler | MockReply): MockApi;
  restore(): void;
}

/** Installs the stand-in on globalThis.fetch; unrouted calls answer 404 with the error envelope. */
export function mockApi(): MockApi {
  const routes = new Map<string, MockHandler>();
  const requests: RecordedRequest[] = [];
  const original = globalThis.fetch;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
    };
    requests.push(recorded);
    const handler = routes.get(`${request.method} ${url.pathname}`);
    const reply = handler
      ? await handler(recorded)
      : { status: 404, body: { error: { code: 'NOT_FOUND', description: 'Not found', type: 'not_found' } } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  }) as typeof fetch;

  const api: MockApi = {
    requests,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
      return api;
    },
    restore() {
      globalThis.fetch = original;
    },
  };
  return api;
}
