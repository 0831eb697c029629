/**
 * A small circuit breaker per book (docs/sources.md, "Booking codes"): after `threshold` refusals
 * in a row the book is left alone for `coolMs`, and booking calls answer 503 at once; then one
 * call is let through, and its success closes the breaker again. The collector's breaker lives
 * inside its poll loop, so the booking calls keep their own with the same rule.
 */
export class CircuitBreaker {
  private failures = new Map<number, number>();
  private openUntil = new Map<number, number>();

  constructor(
    private readonly now: () => number,
    private readonly threshold = 5,
    private readonly coolMs = 60_000,
  ) {}

  /** Whether a call to this book may go out now. */
  allows(provider: number): boolean {
    const until = this.openUntil.get(provider);
    if (until === undefined) return true;
    if (this.now() < until) return false;
    // Half-open: let one call through; a refusal re-opens at once.
    this.openUntil.delete(provider);
    this.failures.set(provider, this.threshold - 1);
    return true;
  }

  succeeded(provider: number): void {
    this.failures.delete(provider);
    this.openUntil.delete(provider);
  }

  failed(provider: number): void {
    const failures = (this.failures.get(provider) ?? 0) + 1;
    this.failures.set(provider, failures);
    if (failures >= this.threshold) this.openUntil.set(provider, this.now() + this.coolMs);
  }
}
