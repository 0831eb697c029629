/**
 * Reading a book's answer: error pages, HTTP errors and broken JSON become counted problems,
 * never a throw; plus the small readers of JSON values every parser uses.
 */
import type { BookAnswer } from '../source-types';
import { MAX_TEXT } from './limits';
import type { ProblemLog } from './problems';

const HTML = /^\s*(<!doctype html|<html|<head|<body|<\?xml)/i;

/**
 * The answer's JSON, or undefined with the reason logged: `blocked` for 401/403 and HTML
 * challenge pages, `http-error` for other error statuses, `invalid-json` for a body that does
 * not parse. With `statusIgnored` (SportyBet: its JSON says whether the call worked) a JSON
 * body is read whatever the status.
 */
export function readJsonAnswer(answer: BookAnswer, log: ProblemLog, statusIgnored = false): unknown {
  const body = typeof answer.body === 'string' ? answer.body : '';
  const status = Number.isInteger(answer.status) ? answer.status : 0;
  const isHtml = HTML.test(body) || /text\/html/i.test(headerValue(answer, 'content-type') ?? '');
  let json: unknown;
  let parsed = false;
  if (!isHtml && body.trim() !== '') {
    try {
      json = JSON.parse(body);
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  if (parsed && (statusIgnored || (status >= 200 && status < 300))) return json;
  const empty = body.trim() === '';
  if (status === 401 || status === 403 || (isHtml && status < 400) || (empty && status >= 200 && status < 300)) {
    // An anti-bot answer: the book is refusing us (an outage of the book), never an empty league.
    log.add('blocked', `HTTP ${status}${isHtml ? ', HTML page' : empty ? ', empty body' : ''}`);
  } else if (status >= 400 || status < 200) {
    log.add('http-error', `HTTP ${status}`);
  } else {
    log.add('invalid-json', body.slice(0, 60));
  }
  return undefined;
}

export function headerValue(answer: BookAnswer, name: string): string | undefined {
  const headers = answer.headers ?? {};
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
  }
  return undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An id as text: a non-blank string or a finite number; undefined otherwise. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '' && value.trim().length <= MAX_TEXT) return value.trim();
  return undefined;
}
