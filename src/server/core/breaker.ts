/**
 * Circuit breakers on cockatiel, measured on the caller's clock. cockatiel times the open state with
 * Date.now(); its half-open wait is a backoff object, so the one given here answers "not yet" (an endless
 * duration) until `halfOpenAfterMs` has passed on `now` and "now" (zero) after. With `now = Date.now` that is
 * cockatiel's own constant wait; tests pass a clock they move by hand.
 */
import {
  type CircuitBreakerPolicy,
  ConsecutiveBreaker,
  circuitBreaker,
  handleAll,
  type IBackoff,
  type IHalfOpenAfterBackoffContext,
  type Policy,
} from 'cockatiel';

function halfOpenAfter(now: () => number, ms: number): IBackoff<IHalfOpenAfterBackoffContext> {
  const openedAt = now();
  return {
    get duration() {
      return now() - openedAt >= ms ? 0 : Number.POSITIVE_INFINITY;
    },
    next: () => halfOpenAfter(now, ms),
  };
}

/**
 * Opens after `threshold` failures in a row (what `handle` counts: by default any thrown error), lets one
 * call through after `halfOpenAfterMs`, and closes when that call succeeds. While open, calls throw
 * cockatiel's BrokenCircuitError without running.
 */
export function consecutiveBreaker(options: {
  now: () => number;
  threshold: number;
  halfOpenAfterMs: number;
  handle?: Policy;
}): CircuitBreakerPolicy {
  return circuitBreaker(options.handle ?? handleAll, {
    breaker: new ConsecutiveBreaker(options.threshold),
    halfOpenAfter: { next: () => halfOpenAfter(options.now, options.halfOpenAfterMs) },
  });
}
