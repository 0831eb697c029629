/**
 * Recordings: with ODDS_RECORD_DIR every raw answer the
 * collector gets is saved as one JSON file — the book, league, page and attempt, the URL, the
 * status, the headers that matter, the body and the time — and a recording plays back through
 * the same parsers and pipeline in time order (ODDS_FEED=replay:DIR, npm run odds:replay).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BookId } from '../source-types';
import type { RawAnswer } from './book-fetch';

export interface RecordedAnswer {
  book: BookId;
  provider: number;
  competition: number;
  leagueId: string;
  page: number;
  /** 1 for the first try, 2… for retries. */
  attempt: number;
  /** The poll (one read of one league, all pages) this answer belongs to. */
  poll: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: string;
  requestedAt: string;
  receivedAt: string;
  latencyMs: number;
}

export type Recorder = (answer: RecordedAnswer) => void;

/** Writes each answer to DIR/<time>-<seq>-<book>-c<competition>-p<page>-a<attempt>.json. */
export function fileRecorder(dir: string): Recorder {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  return (answer) => {
    seq += 1;
    const stamp = answer.receivedAt.replace(/[:.]/g, '-');
    const name = `${stamp}-${String(seq).padStart(6, '0')}-${answer.book}-c${answer.competition}-p${answer.page}-a${answer.attempt}.json`;
    writeFileSync(path.join(dir, name), `${JSON.stringify(answer, null, 2)}\n`);
  };
}

export function recordedAnswer(
  raw: RawAnswer,
  meta: Pick<RecordedAnswer, 'book' | 'provider' | 'competition' | 'leagueId' | 'page' | 'attempt' | 'poll'>,
): RecordedAnswer {
  return {
    ...meta,
    url: raw.url,
    status: raw.status,
    headers: raw.headers,
    body: raw.body,
    ...(raw.error !== undefined ? { error: raw.error } : {}),
    requestedAt: new Date(raw.requestedAt).toISOString(),
    receivedAt: new Date(raw.receivedAt).toISOString(),
    latencyMs: raw.latencyMs,
  };
}

/** Every answer of a recording, in the order they arrived (file names break ties). */
export function readRecording(dir: string): RecordedAnswer[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const answers = files.map((f) => ({ f, a: JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as RecordedAnswer }));
  answers.sort((x, y) => Date.parse(x.a.receivedAt) - Date.parse(y.a.receivedAt) || (x.f < y.f ? -1 : 1));
  return answers.map((x) => x.a);
}
