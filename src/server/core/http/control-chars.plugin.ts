/**
 * No control characters in request bodies: a string anywhere in a JSON body
 * (values and keys, at any depth) holding a C0 control character or DEL answers
 * `400 VALIDATION_ERROR` before the schema runs, on every route. PostgreSQL cannot store NUL
 * in text, and nothing we show or print wants ESC, BEL or CR. A route whose free text may span
 * lines names those top-level fields in `config.multilineFields`; there tab and newline pass.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields where tab and newline are allowed (e.g. the feedback message). */
    multilineFields?: readonly string[];
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_TAB_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f]/;

interface Pending {
  value: unknown;
  path: string;
  multiline: boolean;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** The path of the first string (or key) holding a forbidden character, or null. Iterative, so any depth is safe. */
function findControlCharacter(body: unknown, multilineFields: readonly string[] = []): string | null {
  const stack: Pending[] = [{ value: body, path: '', multiline: false }];
  while (stack.length > 0) {
    const { value, path, multiline } = stack.pop()!;
    if (typeof value === 'string') {
      if ((multiline ? CONTROL_BUT_TAB_NEWLINE : CONTROL).test(value)) return path || 'body';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], path: `${path}[${i}]`, multiline });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const childPath = join(path, key);
        if (CONTROL.test(key)) return childPath;
        stack.push({ value: child, path: childPath, multiline: path === '' && multilineFields.includes(key) });
      }
    }
  }
  return null;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Callback style, and only on routes that take a body: a GET never pays for the hook phase. */
function rejectControlCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: FastifyError) => void,
): void {
  const body = request.body;
  if (body === undefined || body === null) {
    done();
    return;
  }
  const field = findControlCharacter(body, request.routeOptions.config.multilineFields);
  done(field === null ? undefined : validationError(field, 'must not contain control characters'));
}

export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => BODY_METHODS.has(m))) return;
      const existing = route.preValidation;
      route.preValidation = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), rejectControlCharacters]
        : [rejectControlCharacters];
    });
  },
  { name: 'control-chars', fastify: '5.x' },
);
