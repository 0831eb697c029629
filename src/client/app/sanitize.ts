/**
 * The one sanitizer for everything that leaves the store for human eyes: the action log
 * (QA exports and replays) and the Redux DevTools (support).
 *
 * Removed anywhere in actions and state: access and refresh tokens (any JWT, so the `ak`
 * claim goes with it), passwords, one-time codes (`otp`, and `code` when it holds digits),
 * the `ak` claim, the Authorization header, Bearer credentials and the `k` odds signature
 * (as a key or as a URL parameter), also inside RTK Query cache keys. Error codes and
 * messages stay: `{ code: 'INVALID_OTP' }` is kept, `{ code: '123456' }` is not.
 *
 * The result is plain JSON data (Request/Response/Headers/Error/Date/Map/Set are reduced
 * to plain values, functions dropped, cycles cut). Unchanged branches are returned as-is,
 * so sanitizing immutable state is cheap.
 */

export const REDACTED = '[redacted]';

/** Keys whose value is always a secret (compared lower-cased). */
const SECRET_KEYS = new Set([
  'ak',
  'k',
  'otp',
  'authorization',
  'onetimecode',
  'verificationcode',
  'jwt',
  'secret',
  'cookie',
]);
/** Keys ending like these hold secrets: `token`, `refreshToken`, `password`, `newPassword`, … */
const SECRET_SUFFIX = /(token|password|secret)$/i;
/** A one-time code under a `code` key: digits only. Error codes are never all digits. */
const DIGITS = /^\s*\d{4,8}\s*$/;
const MAX_DEPTH = 64;

const JWT = /eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer\s+)(?!\[redacted\])[^\s"',;]+/gi;
const K_PARAM = /([?&]k=)(?!%5Bredacted|\[redacted)[^&#\s"']*/g;
/** `"password":"…"` inside serialized args (RTK Query cache keys, error texts). */
const JSON_SECRET =
  /"((?:[A-Za-z]*(?:token|password|secret))|ak|k|otp|authorization)"(\s*:\s*)("(?:[^"\\]|\\.)*"|\d+)/gi;
const JSON_CODE = /("code"\s*:\s*)("\s*\d{4,8}\s*"|\d{4,8})/g;

function isSecretKey(key: string, value: unknown): boolean {
  const lower = key.toLowerCase();
  if (SECRET_KEYS.has(lower) || SECRET_SUFFIX.test(key)) return true;
  if (lower === 'code') return (typeof value === 'string' || typeof value === 'number') && DIGITS.test(String(value));
  return false;
}

/** Scrubs credentials out of free text (URLs, messages, serialized cache keys). */
export function sanitizeString(text: string): string {
  if (text.length < 8 && !text.includes('k=')) return text;
  return text
    .replace(JWT, REDACTED)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(K_PARAM, `$1${REDACTED}`)
    .replace(JSON_SECRET, `"$1"$2"${REDACTED}"`)
    .replace(JSON_CODE, `$1"${REDACTED}"`);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Reduces platform objects (fetch, errors, dates, collections) to plain data. */
function toPlain(value: object): unknown {
  if (typeof Request !== 'undefined' && value instanceof Request) return { method: value.method, url: value.url };
  if (typeof Response !== 'undefined' && value instanceof Response)
    return { status: value.status, statusText: value.statusText, url: value.url };
  if (typeof Headers !== 'undefined' && value instanceof Headers) return Object.fromEntries(value.entries());
  if (value instanceof Error) {
    const { code } = value as Error & { code?: unknown };
    return code === undefined
      ? { name: value.name, message: value.message }
      : { name: value.name, message: value.message, code };
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Map) return Object.fromEntries(value.entries());
  if (value instanceof Set) return [...value];
  if (ArrayBuffer.isView(value)) return `[${value.constructor.name}]`;
  return Object.fromEntries(Object.entries(value));
}

function walk(value: unknown, depth: number, ancestors: Set<object>): unknown {
  switch (typeof value) {
    case 'string':
      return sanitizeString(value);
    case 'bigint':
      return value.toString();
    case 'function':
    case 'symbol':
      return undefined;
    case 'object':
      break;
    default:
      return value;
  }
  if (value === null) return null;
  if (ancestors.has(value)) return '[circular]';
  if (depth > MAX_DEPTH) return '[too deep]';
  const plain = Array.isArray(value) || isPlainObject(value) ? value : toPlain(value);
  if (typeof plain !== 'object' || plain === null) return plain;
  ancestors.add(value);
  try {
    return Array.isArray(plain)
      ? walkArray(plain, depth, ancestors)
      : walkObject(plain as Record<string, unknown>, depth, ancestors, plain !== value);
  } finally {
    ancestors.delete(value);
  }
}

function walkArray(list: unknown[], depth: number, ancestors: Set<object>): unknown[] {
  let copy: unknown[] | undefined;
  list.forEach((item, i) => {
    const next = walk(item, depth + 1, ancestors);
    if (next !== item && !copy) copy = list.slice(0, i);
    if (copy) copy.push(next === undefined ? null : next);
  });
  return copy ?? list;
}

/** Nothing to hide: absent, empty or a flag (`hasToken: true`). */
function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || typeof value === 'boolean';
}

function walkObject(object: Record<string, unknown>, depth: number, ancestors: Set<object>, fresh: boolean) {
  let copy: Record<string, unknown> | undefined = fresh ? {} : undefined;
  const keys = Object.keys(object);
  keys.forEach((key, i) => {
    const item = object[key];
    const nextKey = sanitizeString(key);
    const next = isSecretKey(key, item) && !isBlank(item) ? REDACTED : walk(item, depth + 1, ancestors);
    const changed = next !== item || nextKey !== key || (next === undefined && item !== undefined);
    if (changed && !copy) {
      copy = {};
      for (const earlier of keys.slice(0, i)) copy[earlier] = object[earlier];
    }
    if (copy && next !== undefined) copy[nextKey] = next;
  });
  return copy ?? object;
}

/** Sanitizes any value (an action, a whole state) into plain, secret-free JSON data. */
export function sanitize<T>(value: T): T {
  return walk(value, 0, new Set()) as T;
}

/** The Redux DevTools hooks: same sanitizer, signatures the extension expects. */
export const actionSanitizer = <A>(action: A): A => sanitize(action);
export const stateSanitizer = <S>(state: S): S => sanitize(state);
