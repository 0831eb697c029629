/**
 * Sending a pre-serialized snapshot entry with its ETag, or 304 when the client has it.
 *
 * Answers of 1 KB and more go out compressed when the client accepts it (brotli, else gzip):
 * an odds list shrinks about sixfold, which matters on a mobile connection. Entries are
 * compressed in the thread pool (odds-snapshot.ts): after a rebuild for the answers clients were
 * reading, else starting with the first request, which, like any before the compressed forms are
 * ready, goes out as it is. A request never compresses. Every encoding of an entry has its own strong ETag (the entry's, suffixed), as a
 * strong validator names one representation.
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serviceUnavailable } from '../../../core/errors';
import { COMPRESS_MIN_BYTES, type Representation, type SnapshotEntry, compressEntry } from '../snapshot/snapshot-entry';

/** Clients and proxies may keep a copy but must revalidate it (ETag) before use. */
const ODDS_CACHE_CONTROL = 'private, no-cache';

type Encoding = 'br' | 'gzip';
/** In order of preference. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

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
  if (!entry.encoded) {
    // An answer computed on request (match page, drops, bettor tools): compressed in the thread pool for the next one.
    void compressEntry(entry).catch(() => undefined);
    return null;
  }
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' ? negotiate(accepted, ENCODINGS) : null;
}

export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: SnapshotEntry | undefined) {
  if (!entry) throw serviceUnavailable('Odds are loading; try again in a moment');
  const encoding = encodingFor(request, entry);
  const sent: Representation = (encoding && entry.encoded?.[encoding]) || entry;
  reply.header('etag', sent.etag).header('cache-control', ODDS_CACHE_CONTROL).header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], sent.etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(sent.body);
}
