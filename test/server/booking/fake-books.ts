/**
 * A local HTTP server that answers like SportyBet's and Bet9ja's booking calls, in the shapes of
 * docs/sources.md ("Booking codes"): SportyBet share load/create, Bet9ja GetBookABetCoupon and
 * BookABetV2. Tests set what each code answers and read every request it received.
 */
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What one call answers: a JSON body (status 200) or a raw answer (anti-bot pages, empty bodies). */
export type FakeAnswer = { json: unknown } | { status: number; body: string; type?: string };

export interface FakeBooks {
  url: string;
  requests: SeenRequest[];
  /** SportyBet share codes → answer; an unknown code answers bizCode 19000. */
  sportybet: Map<string, FakeAnswer>;
  /** Bet9ja coupon codes → answer; an unknown code answers `R` "KO". */
  bet9ja: Map<string, FakeAnswer>;
  sportybetCreate: FakeAnswer;
  bet9jaCreate: FakeAnswer;
  close(): Promise<void>;
}

export async function startFakeBooks(): Promise<FakeBooks> {
  const fake = {
    requests: [] as SeenRequest[],
    sportybet: new Map<string, FakeAnswer>(),
    bet9ja: new Map<string, FakeAnswer>(),
    sportybetCreate: {
      json: {
        bizCode: 10000,
        data: { shareCode: 'SPB7QX', shareURL: 'https://www.sportybet.com/ng/?shareCode=SPB7QX' },
      },
    } as FakeAnswer,
    bet9jaCreate: { json: { R: 'OK', data: [{ RIS: '9JA4KD2' }] } } as FakeAnswer,
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      fake.requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body });
      let answer: FakeAnswer = { status: 404, body: 'not here' };
      const share = /^\/api\/ng\/orders\/share\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && share) {
        answer = fake.sportybet.get(share[1] as string) ?? {
          json: { bizCode: 19000, message: 'The code is invalid or expired.', data: null },
        };
      } else if (req.method === 'POST' && url.pathname === '/api/ng/orders/share') {
        answer = fake.sportybetCreate;
      } else if (req.method === 'GET' && url.pathname === '/desktop/feapi/CouponAjax/GetBookABetCoupon') {
        answer = fake.bet9ja.get(url.searchParams.get('couponCode') ?? '') ?? { json: { R: 'KO', D: null } };
      } else if (req.method === 'POST' && url.pathname === '/sportsbook/placebet/BookABetV2') {
        answer = fake.bet9jaCreate;
      }
      if ('json' in answer) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      } else {
        res.writeHead(answer.status, { 'content-type': answer.type ?? 'text/html' });
        res.end(answer.body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
