/**
 * A collector's requests to one book: each through the book's request limit, retried by
 * a cockatiel retry policy on no answer, 429 and 5xx with exponential backoff and `Retry-After` honoured
 * (on 429/503 the whole book waits that long), and the book's other path asked when the first is refused.
 * The retry policy decides whether to try again; the wait before each retry runs on the collector's
 * injected sleep (cockatiel's own timer would read the real clock), so tests stay fast and deterministic.
 */
import { handleWhenResult, retry } from 'cockatiel';
import type { BookRequest } from '../source-types';
import type { BookState } from './book-state';
import { bodyCarriesStatus, fetchAnswer, isRetryable, type RawAnswer, retryAfterMs } from './book-fetch';
import type { Settings } from './collector-options';
import { recordedAnswer } from './recording';

export type Fetched = { answer: RawAnswer } | { failure: string };

export interface CallOptions {
  /** Retries after the first try (the collector's `retries` by default). */
  retries?: number;
  /** Keep the answers in the recording (default true). */
  record?: boolean;
}

/** One try's outcome; `wait` set: worth another try after that many milliseconds. */
interface Try {
  fetched: Fetched;
  wait?: number;
}

/**
 * One request at the book's preferred path; when that path is refused (403, a challenge page,
 * an empty body) and the book has another, that one is asked, and kept to while it answers.
 */
export async function fetchBook(
  settings: Settings,
  book: BookState,
  request: BookRequest,
  poll: string,
  options: CallOptions = {},
): Promise<Fetched> {
  const first =
    book.useFallback && request.fallbackUrl
      ? { ...request, url: request.fallbackUrl, fallbackUrl: request.url }
      : request;
  const answer = await fetchWithRetries(settings, book, first, poll, options);
  if (!first.fallbackUrl || !('answer' in answer) || !isRefused(answer.answer)) return answer;
  const second = await fetchWithRetries(settings, book, { ...first, url: first.fallbackUrl }, poll, options);
  if ('answer' in second && !isRefused(second.answer)) {
    // Set, not toggled: polls of several leagues may find the same refusal at once.
    book.useFallback = first.fallbackUrl === request.fallbackUrl;
    settings.log?.(
      `${book.adapter.name}: ${new URL(first.url).pathname} refused, ${new URL(first.fallbackUrl).pathname} answers`,
    );
  }
  return second;
}

/** One request with retries; the final answer, or why there is none worth parsing. */
async function fetchWithRetries(
  settings: Settings,
  book: BookState,
  request: BookRequest,
  poll: string,
  options: CallOptions,
): Promise<Fetched> {
  const retries = options.retries ?? settings.retries;
  const policy = retry(
    handleWhenResult((outcome) => (outcome as Try).wait !== undefined),
    { maxAttempts: retries },
  ).dangerouslyUnref();
  let wait = 0;
  const last = await policy.execute(async ({ attempt }): Promise<Try> => {
    if (attempt > 0) await settings.sleep(wait);
    const tries = attempt + 1;
    const answer = await book.limit(() =>
      fetchAnswer(settings.fetch, request, { timeoutMs: settings.timeoutMs, now: settings.now }),
    );
    if (options.record !== false) {
      const { competition, leagueId, page } = request;
      const where = { book: book.adapter.id, provider: book.adapter.provider, competition, leagueId, page };
      settings.record?.(recordedAnswer(answer, { ...where, attempt: tries, poll }));
    }
    if (answer.error === undefined) book.latencyMs = answer.latencyMs;
    if (!isRetryable(answer)) return { fetched: { answer } };
    const why = answer.error ?? `HTTP ${answer.status}`;
    const after =
      answer.status === 429 || answer.status === 503
        ? retryAfterMs(answer.headers['retry-after'], settings.now())
        : undefined;
    if (after !== undefined) book.notBefore = Math.max(book.notBefore, settings.now() + after);
    if (bodyCarriesStatus(book.adapter, answer)) return { fetched: { answer } };
    if (after !== undefined && after > settings.maxRetryWaitMs && tries <= retries) {
      return { fetched: { failure: `${why}, Retry-After ${Math.round(after / 1000)} s` } };
    }
    const backoff = settings.backoffMs * 2 ** attempt * (1 + settings.random() * settings.jitter);
    wait = Math.max(after ?? 0, backoff);
    return { fetched: { failure: `${why} after ${tries} tries` }, wait };
  });
  return last.fetched;
}

/** An anti-bot answer: refused (401/403), a challenge page, or an empty body where JSON was due. */
function isRefused(answer: RawAnswer): boolean {
  if (answer.error !== undefined) return false;
  if (answer.status === 401 || answer.status === 403) return true;
  const body = answer.body.trim();
  return (answer.status >= 200 && answer.status < 300 && body === '') || /^<(!doctype html|html|head|body)/i.test(body);
}
