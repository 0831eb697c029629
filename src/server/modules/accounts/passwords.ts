/**
 * Password hashing with Node's scrypt: OWASP cost (N=2^16, r=8, p=2) or
 * more, stored as `scrypt$N$r$p$salt$hash` so the cost can rise later, compared in constant
 * time. Each hash needs 128·N·r bytes (64 MiB at N=2^16); a small gate bounds how many run at
 * once so memory stays flat however many logins arrive together.
 */
import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

const R = 8;
const P = 2;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const MAX_CONCURRENT = Math.max(1, Math.min(4, availableParallelism()));

let running = 0;
const waiting: Array<() => void> = [];

async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 128 * n * r * 2 };
  return gated(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string, n: number): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, n, R, P, KEY_BYTES);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface ParsedHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  return {
    n: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash is cheaper than the current setting (rehash after a login). */
export function needsRehash(stored: string, n: number): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.n < n || parsed.r < R || parsed.p < P;
}
