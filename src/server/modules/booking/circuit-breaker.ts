/**
 * A circuit breaker per book for the booking calls, on cockatiel like
 * the collector's: after `threshold` refusals in a row the book is left alone for `coolMs`, and booking
 * calls answer 503 at once; then one call is let through, and its success closes the breaker again. Only
 * a refusal (BookRefused) counts against the book: an unknown code is the book answering.
 */
import { type CircuitBreakerPolicy, handleType, isBrokenCircuitError } from 'cockatiel';
import { consecutiveBreaker } from '../../core/breaker';
import { BookRefused } from './book-call';

export class BookBreakers {
  private readonly byProvider = new Map<number, CircuitBreakerPolicy>();

  constructor(
    private readonly now: () => number,
    private readonly threshold = 5,
    private readonly coolMs = 60_000,
  ) {}

  /** Runs one call of the book through its breaker; resolves 'open' without calling while the breaker is open. */
  async run<T>(provider: number, call: () => Promise<T>): Promise<{ value: T } | 'open'> {
    let breaker = this.byProvider.get(provider);
    if (!breaker) {
      breaker = consecutiveBreaker({
        now: this.now,
        threshold: this.threshold,
        halfOpenAfterMs: this.coolMs,
        handle: handleType(BookRefused),
      });
      this.byProvider.set(provider, breaker);
    }
    try {
      return { value: await breaker.execute(call) };
    } catch (error) {
      if (isBrokenCircuitError(error)) return 'open';
      throw error;
    }
  }
}
