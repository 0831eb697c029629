/**
 * The JSON body parser: Fastify's own (prototype and constructor keys refused, an empty body a
 * 400), fed text decoded strictly. Fastify decodes bodies leniently, so bytes that are not UTF-8
 * became U+FFFD and were stored as if the client had sent them (a feedback message, a name);
 * here such a body answers `400 VALIDATION_ERROR` (field `body`) and nothing is stored.
 */
import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors';

/** Replaces the app's `application/json` parser; before any route is registered. */
export function parseJsonStrictly(app: FastifyInstance): void {
  const parseText = app.getDefaultJsonParser('error', 'error');
  // One decoder for every request: `decode` without `stream` keeps no state between calls.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(validationError('body', 'is not valid UTF-8'), undefined);
      return;
    }
    parseText(request, text, done);
  });
}
