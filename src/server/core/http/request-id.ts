/**
 * Request ids: the reference a person reads off an error on screen ("Ref 8F3K2QX7MA") and support
 * looks up in the server log. A new id is
 * ten characters of Crockford's base32 (digits and capitals without I, L, O, U: nothing to
 * misread when read out or typed), 50 random bits; a well-formed id sent by a proxy in
 * `x-request-id` is kept so logs correlate across hops.
 */
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;
const GIVEN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Random bytes drawn 4 KB at a time (one call per 409 ids, not one per request), each used once. */
const pool = Buffer.alloc(4096 - (4096 % LENGTH));
let next = pool.length;

/** A new id (for an answer written before routing, which no request object carries). */
export function newRequestId(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  let id = '';
  for (let i = next; i < next + LENGTH; i += 1) id += ALPHABET[(pool[i] as number) & 31];
  next += LENGTH;
  return id;
}

/** Fastify's `genReqId`: the caller's well-formed x-request-id, else a new id. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && GIVEN.test(given) ? given : newRequestId();
}
