/** Kick-offs in the books' formats, read to UTC ISO 8601. */
import { iso } from '../../../../core/time';

/** A plausible kick-off (years 2000–2100) as ISO 8601, else undefined. */
function kickoffIso(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return undefined;
  const year = new Date(ms).getUTCFullYear();
  return year >= 2000 && year <= 2100 ? iso(ms) : undefined;
}

/**
 * "YYYY-MM-DD HH:mm(:ss)" or ISO 8601 to UTC. A time without an offset is read at the given
 * offset (West Africa Time, +01:00, for the Nigerian books); one with its own offset keeps it.
 */
export function kickoffFromText(raw: unknown, defaultOffset = '+01:00'): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim().replace(' ', 'T');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!match?.[1]) return undefined;
  const offset = match[2] ? match[2].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : defaultOffset;
  return kickoffIso(Date.parse(`${match[1]}${offset}`));
}

/** Epoch milliseconds (number or digits) to UTC. */
export function kickoffFromEpochMs(raw: unknown): string | undefined {
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof value === 'number' ? kickoffIso(value) : undefined;
}

/** Epoch seconds (number or digits) to UTC. */
export function kickoffFromEpochSeconds(raw: unknown): string | undefined {
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof value === 'number' ? kickoffIso(value * 1000) : undefined;
}
