/**
 * Odds request signature (docs/architecture.md#odds-model): FNV-1a 32-bit over the UTF-8 string
 * `${ak}|${country}|${competition}|${market}`, as an unsigned decimal string.
 * The client signs with it and the server verifies with it; there is no other implementation.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** FNV-1a 32-bit hash of the UTF-8 bytes of `text`, unsigned. */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET;
  for (const byte of utf8(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

export function oddsSignature(
  ak: string,
  country: string | number,
  competition: string | number,
  market: string | number,
): string {
  return String(fnv1a32(`${ak}|${country}|${competition}|${market}`));
}
