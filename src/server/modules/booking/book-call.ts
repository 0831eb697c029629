/**
 * One call to a bookmaker's booking API: Node's fetch with a
 * timeout and the headers the book's own page sends. Anything that is not a JSON answer of the
 * expected shape — no answer, a timeout, 403/429/5xx, an HTML challenge, an empty body — is
 * the book refusing (BookRefused), never a code that does not exist.
 */
import { BROWSER_HEADERS } from '../odds/sources/collector/book-fetch';

/** How long one booking call may take before the book counts as unreachable. */
export const BOOK_CALL_TIMEOUT_MS = 8000;

/** The book did not answer usefully (unreachable, refusing, anti-bot, an unreadable answer). */
export class BookRefused extends Error {
  constructor(readonly why: string) {
    super(why);
    this.name = 'BookRefused';
  }
}

/** The book says the code does not exist or has expired. */
export class CodeNotFound extends Error {
  constructor() {
    super('code not found');
    this.name = 'CodeNotFound';
  }
}

export interface BookCall {
  url: string;
  method?: 'GET' | 'POST';
  /** The book's own page: Referer and Origin. */
  site: string;
  /** A JSON body (sent as application/json) or form fields (application/x-www-form-urlencoded). */
  json?: unknown;
  form?: Record<string, string>;
  /** Accept HTML (a page with the data inside) instead of JSON. */
  html?: boolean;
  timeoutMs?: number;
}

export interface BookAnswer {
  status: number;
  body: string;
}

function headersOf(call: BookCall): Record<string, string> {
  const origin = new URL(call.site).origin;
  const headers: Record<string, string> = {
    ...BROWSER_HEADERS,
    Accept: call.html ? 'text/html,application/xhtml+xml' : 'application/json, text/plain, */*',
    Referer: call.site,
    Origin: origin,
  };
  if (call.json !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  if (call.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return headers;
}

/** Calls the book; resolves with any HTTP answer, throws BookRefused when none came. */
export async function callBook(call: BookCall): Promise<BookAnswer> {
  let body: string | undefined;
  if (call.json !== undefined) body = JSON.stringify(call.json);
  else if (call.form !== undefined) body = new URLSearchParams(call.form).toString();
  try {
    const response = await fetch(call.url, {
      method: call.method ?? 'GET',
      headers: headersOf(call),
      body,
      redirect: 'follow',
      signal: AbortSignal.timeout(call.timeoutMs ?? BOOK_CALL_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new BookRefused(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'no answer');
  }
}

/** The JSON object of a 2xx answer; anything else is the book refusing. */
export function jsonOf(answer: BookAnswer): Record<string, unknown> {
  if (answer.status < 200 || answer.status >= 300) throw new BookRefused(`HTTP ${answer.status}`);
  const text = answer.body.trim();
  if (text === '') throw new BookRefused('empty answer');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BookRefused('not JSON (a challenge page?)');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BookRefused('not a JSON object');
  return parsed as Record<string, unknown>;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A decimal price out of a string or a number; null when it is not a price (≤ 1, not a number). */
export function priceOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(n) && n > 1 ? n : null;
}
