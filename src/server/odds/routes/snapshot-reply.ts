/** Sending a pre-serialized snapshot entry with its ETag, or 304 when the client has it. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serviceUnavailable } from '../../errors';
import type { SnapshotEntry } from '../snapshot/odds-snapshot';

/** Clients and proxies may keep a copy but must revalidate it (ETag) before use. */
export const ODDS_CACHE_CONTROL = 'private, no-cache';

function matches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',');
  return values.some((v) => {
    const tag = v.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: SnapshotEntry | undefined) {
  if (!entry) throw serviceUnavailable('Odds are loading; try again in a moment');
  reply.header('etag', entry.etag).header('cache-control', ODDS_CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
