/**
 * The attack suite's bookkeeping: every hostile request a test sends is counted, and each file
 * prints its count once it ends (`attack suite (tokens): 57 attacks, all rejected`). A test
 * fails on the first attack that gets through, so a printed count means all were rejected.
 */
import type { LightMyRequestResponse } from 'fastify';

export interface AttackLog {
  /** Counts `n` attacks (default 1). */
  count(n?: number): void;
  /** Counts one attack and hands its answer back, for chaining. */
  sent<T>(answer: T): T;
  readonly total: number;
}

export function attackLog(name: string): AttackLog {
  let total = 0;
  const log: AttackLog = {
    count(n = 1) {
      total += n;
    },
    sent(answer) {
      total += 1;
      return answer;
    },
    get total() {
      return total;
    },
  };
  afterAll(() => {
    console.log(`attack suite (${name}): ${total} attacks, all rejected`);
  });
  return log;
}

export function bodyOf(response: LightMyRequestResponse): { error?: Record<string, unknown>; data?: unknown } {
  try {
    return response.json();
  } catch {
    return {};
  }
}
