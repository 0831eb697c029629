/**
 * Sending a pre-serialized snapshot entry with its ETag, or 304 when the client has it.
 *
 * Answers of 1 KB and more go out compressed when the client accepts it (brotli, else gzip):
 * an odds list shrinks about sixfold, which matters on a mobile connection. Each entry is
 * compressed at most once per encoding, by the first request that asks for it, and the result
 * lives as long as the entry (until the next snapshot rebuild). Every encoding of an entry has
 * its own strong ETag (the entry's, suffixed), as a strong validator names one representation.
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { serviceUnavailable } from '../../../core/errors';
import type { SnapshotEntry } from '../snapshot/odds-snapshot';

/** Clients and proxies may keep a copy but must revalidate it (ETag) before use. */
const ODDS_CACHE_CONTROL = 'private, no-cache';

/** Smaller answers gain next to nothing from compression. */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';
/** In order of preference. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

interface Representation {
  body: Buffer;
  etag: string;
}

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 5: within a few per cent of the best ratio for JSON of this size, at a fraction of the time.
  br: (body) =>
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

const encodedByEntry = new WeakMap<SnapshotEntry, Partial<Record<Encoding, Representation>>>();

/** The entry as sent with `encoding`: compressed once, then the same Buffer for every request. */
export function encodedEntry(entry: SnapshotEntry, encoding: Encoding): Representation {
  let encoded = encodedByEntry.get(entry);
  if (!encoded) {
    encoded = {};
    encodedByEntry.set(entry, encoded);
  }
  return (encoded[encoding] ??= {
    body: COMPRESS[encoding](entry.body),
    etag: `${entry.etag.slice(0, -1)}-${encoding}"`,
  });
}

function matches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',');
  return values.some((v) => {
    const tag = v.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

function encodingFor(request: FastifyRequest, entry: SnapshotEntry): Encoding | null {
  if (entry.body.length < COMPRESS_MIN_BYTES) return null;
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' ? negotiate(accepted, ENCODINGS) : null;
}

export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: SnapshotEntry | undefined) {
  if (!entry) throw serviceUnavailable('Odds are loading; try again in a moment');
  const encoding = encodingFor(request, entry);
  const sent = encoding ? encodedEntry(entry, encoding) : entry;
  reply.header('etag', sent.etag).header('cache-control', ODDS_CACHE_CONTROL).header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], sent.etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(sent.body);
}
