/** Ids of the rows the server names itself: a kind prefix and 64 random bits in hex (`evt_…`, `run_…`). */
import { randomBytes } from 'node:crypto';

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}
