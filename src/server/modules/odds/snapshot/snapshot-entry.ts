/**
 * A pre-serialized answer of the odds API: its bytes with a strong ETag, and its compressed forms,
 * made in the thread pool (never on the event loop) and attached once ready.
 */
import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { EventSource } from '@shared/contract/odds';

/** One representation of an answer: its bytes and strong ETag. */
export interface Representation {
  body: Buffer;
  etag: string;
}

export interface SnapshotEntry extends Representation {
  /** Compressed representations, filled in the background after the entry is published. */
  encoded?: { br?: Representation; gzip?: Representation };
}

/** Answers of 1 KB and more are compressed (smaller ones gain next to nothing). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * SHA-1 (base64url) in one call: no Hash object per call, which for the few hundred bytes of a
 * market's JSON cost more than the hashing itself (a rebuild hashes thousands of them).
 */
export const sha1 = (data: Buffer | string): string => hash('sha1', data, 'base64url');

/** `{ data }` serialized once, with a strong ETag over the bytes. */
export function snapshotEntry(data: unknown): SnapshotEntry {
  const body = Buffer.from(JSON.stringify({ data }));
  return { body, etag: `"${sha1(body)}"` };
}

const brotli = promisify(brotliCompress);
/** Entries being compressed (a second request meanwhile starts nothing). */
const compressing = new WeakSet<SnapshotEntry>();
const gzipAsync = promisify(gzip);

/** Compresses an entry in the thread pool (never on the event loop) and attaches the results. */
export async function compressEntry(entry: SnapshotEntry): Promise<void> {
  if (entry.body.length < COMPRESS_MIN_BYTES || entry.encoded || compressing.has(entry)) return;
  compressing.add(entry);
  const [br, gz] = await Promise.all([
    // Quality 5: within a few per cent of the best ratio for JSON of this size, at a fraction of the time.
    brotli(entry.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    }),
    gzipAsync(entry.body, { level: 6 }),
  ]);
  const tag = entry.etag.slice(0, -1);
  entry.encoded = { br: { body: br, etag: `${tag}-br"` }, gzip: { body: gz, etag: `${tag}-gzip"` } };
}

/**
 * An odds answer's event list: the pieces of its events' JSON, in order (each event is its head, its
 * market's JSON and the event's close), and a hash of that JSON, made when an answer of the list is
 * first read (nothing is hashed for a list nobody reads before the next batch replaces it).
 */
export interface EventList {
  pieces: readonly string[];
  tag?: string;
}

/**
 * The list of `events`, each reduced to the market of `markets` at the same index: an event's head
 * and that market's JSON.
 */
export function eventList(
  events: ReadonlyArray<{ head: string }>,
  markets: ReadonlyArray<{ json: string }>,
  close: string,
): EventList {
  const pieces = new Array<string>(events.length * 3);
  const closeAndNext = `${close},`;
  for (let i = 0; i < events.length; i += 1) {
    pieces[3 * i] = (events[i] as { head: string }).head;
    pieces[3 * i + 1] = (markets[i] as { json: string }).json;
    pieces[3 * i + 2] = i + 1 < events.length ? closeAndNext : close;
  }
  return { pieces };
}

/**
 * `list` with the market of the event at each of `places` replaced by the market at the same index
 * of `markets`: the same events, heads and order, so nothing else of the list is made again.
 */
export function patchedList(
  list: EventList,
  places: readonly number[],
  markets: ReadonlyArray<{ json: string }>,
): EventList {
  const pieces = list.pieces.slice();
  for (let k = 0; k < places.length; k += 1)
    pieces[3 * (places[k] as number) + 1] = (markets[k] as { json: string }).json;
  return { pieces };
}

const LIST_OPEN = '{"data":{"events":[';

/**
 * `{data:{events, source, updatedAt}}` around an event list. Its bytes are put together when first
 * read (a copy of JSON encoded beforehand: no request serializes), so answers nobody reads before
 * the next batch never take memory. Its ETag hashes the list's hash and the header, so a rewrap (a
 * country's `updatedAt` moved) of a list already read hashes a few bytes; the list's own hash is
 * taken of these bytes when first needed.
 */
export function wrapList(list: EventList, source: EventSource, updatedAt: string | null): SnapshotEntry {
  const close = `],${JSON.stringify({ source, updatedAt }).slice(1)}}`;
  let body: Buffer | undefined;
  let etag: string | undefined;
  const bytes = () => (body ??= Buffer.from(`${LIST_OPEN}${list.pieces.join('')}${close}`));
  return {
    get etag() {
      if (etag === undefined) {
        if (list.tag === undefined) {
          const all = bytes();
          list.tag = sha1(all.subarray(LIST_OPEN.length, all.length - Buffer.byteLength(close)));
        }
        etag = `"${sha1(`${list.tag}|${close}`)}"`;
      }
      return etag;
    },
    get body() {
      return bytes();
    },
  };
}
