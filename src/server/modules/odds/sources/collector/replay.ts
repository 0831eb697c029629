/**
 * Plays a recording (ODDS_FEED=replay:DIR, `npm run odds:replay -- DIR`): the answers of each
 * recorded poll, in the order they arrived, through the book's parser and the league read the
 * collector uses, and each good read through the same ingest as the live feed. Polls that
 * failed live (no answer, an error answer, retries used up) fail again and change nothing.
 */
import { bookAdapter } from '../index';
import type { FeedBatch, ParseResult } from '../source-types';
import { bodyCarriesStatus, isRetryable } from './book-fetch';
import { combinePages } from './league-read';
import { type RecordedAnswer, readRecording } from './recording';

export interface ReplaySummary {
  answers: number;
  polls: number;
  applied: number;
  failed: Array<{ poll: string; error: string }>;
  events: number;
  prices: number;
}

export async function replayRecording(
  dir: string,
  ingest: (batch: FeedBatch, answer: RecordedAnswer, eventsWithoutDetail: readonly string[]) => Promise<void>,
): Promise<ReplaySummary> {
  const answers = readRecording(dir);
  const polls = new Map<string, RecordedAnswer[]>();
  for (const answer of answers) {
    const list = polls.get(answer.poll) ?? [];
    list.push(answer);
    polls.set(answer.poll, list);
  }
  const summary: ReplaySummary = {
    answers: answers.length,
    polls: polls.size,
    applied: 0,
    failed: [],
    events: 0,
    prices: 0,
  };
  for (const [poll, list] of polls) {
    const first = list[0] as RecordedAnswer;
    const adapter = bookAdapter(first.book);
    if (!adapter) {
      summary.failed.push({ poll, error: `unknown book ${first.book}` });
      continue;
    }
    // The last try of each page is the answer the collector went on with.
    const byPage = new Map<number, RecordedAnswer>();
    for (const answer of list) byPage.set(answer.page, answer);
    const pages: ParseResult[] = [];
    let error: string | null = null;
    for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
      const answer = byPage.get(page) as RecordedAnswer;
      const raw = { ...answer, receivedAt: Date.parse(answer.receivedAt), requestedAt: Date.parse(answer.requestedAt) };
      if (isRetryable(raw) && !bodyCarriesStatus(adapter, raw)) {
        error = answer.error ?? `HTTP ${answer.status}`;
        break;
      }
      const parsed = adapter.parse(
        { status: answer.status, headers: answer.headers, body: answer.body },
        { competition: answer.competition, fetchedAt: answer.receivedAt },
      );
      pages.push(parsed);
      if (!parsed.ok) break;
    }
    const read = combinePages(adapter, pages);
    if (error !== null || !read.ok) {
      summary.failed.push({ poll, error: error ?? read.error ?? 'failed' });
      continue;
    }
    // Recordings hold the list calls only: no per-event market was read, so none is withdrawn.
    const withoutDetail = adapter.eventRequest ? read.batch.events.map((e) => e.externalId) : [];
    await ingest(read.batch, first, withoutDetail);
    summary.applied += 1;
    summary.events += read.events;
    summary.prices += read.prices;
  }
  return summary;
}
