/**
 * One HTTP request to a bookmaker as the collector makes it: Node's global
 * fetch with a timeout (AbortSignal.timeout), a browser-like User-Agent and Accept-Language,
 * and the raw answer kept whole — status, the headers that matter, the body text, when it
 * arrived and how long it took — for the parser, the source health and a recording.
 */
import type { BookAdapter, BookRequest } from '../source-types';

/** What a desktop browser in Nigeria sends; the books' web pages load the same JSON with it. */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Accept-Language': 'en-NG,en-GB;q=0.9,en;q=0.8',
};

/** Answer headers kept in recordings and handed to parsers. */
const KEPT_HEADERS = [
  'content-type',
  'retry-after',
  'date',
  'cache-control',
  'etag',
  'last-modified',
  'server',
  'location',
];

/** The subset of the fetch API the collector uses (the global fetch, or a test's). */
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; redirect?: 'follow' },
) => Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

export interface RawAnswer {
  url: string;
  /** 0 when no answer came (timeout, refused connection, DNS). */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Transport failure (no HTTP answer); undefined when an answer came. */
  error?: string;
  requestedAt: number;
  receivedAt: number;
  latencyMs: number;
}

export async function fetchAnswer(
  fetchImpl: FetchLike,
  request: BookRequest,
  options: { timeoutMs: number; now: () => number },
): Promise<RawAnswer> {
  const requestedAt = options.now();
  const started = performance.now();
  const base = { url: request.url, requestedAt };
  try {
    const response = await fetchImpl(request.url, {
      headers: { ...request.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });
    const body = await response.text();
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const latencyMs = Math.round(performance.now() - started);
    return { ...base, status: response.status, headers, body, receivedAt: options.now(), latencyMs };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const name = error instanceof Error ? error.name : '';
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `timeout after ${options.timeoutMs} ms`
        : `no answer: ${causeOf(error)}`;
    return { ...base, status: 0, headers: {}, body: '', error: message, receivedAt: options.now(), latencyMs };
  }
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  return code || error.message;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Answers worth asking again: no answer, too many requests, a server error. */
export function isRetryable(answer: RawAnswer): boolean {
  return answer.error !== undefined || answer.status === 429 || answer.status >= 500;
}

/**
 * An error status whose JSON body the book's parser reads (books declaring `statusInBody`: the body
 * carries the book's own status); 429 is still a plain "too many requests".
 */
export function bodyCarriesStatus(adapter: BookAdapter, answer: RawAnswer): boolean {
  return (
    adapter.statusInBody === true &&
    answer.error === undefined &&
    answer.status !== 429 &&
    answer.body.trim().startsWith('{')
  );
}
