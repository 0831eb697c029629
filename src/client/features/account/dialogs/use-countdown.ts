/**
 * A seconds countdown (the resend cooldown of docs/product.md#states): it reads the whole seconds left until a
 * deadline (ms since the epoch), n, n-1, … 0. It counts against the deadline, so a throttled
 * background tab still ends on time. `initialEndsAt` starts it as the dialog opens (a code was
 * just sent); `start(endsAt)` restarts it after a resend.
 */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(initialEndsAt = 0): [number, (endsAt: number) => void] {
  const [clock, setClock] = useState(() => ({ endsAt: initialEndsAt, now: Date.now() }));
  const { endsAt } = clock;
  useEffect(() => {
    if (endsAt === 0) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock((current) => ({ ...current, now }));
      if (now >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((next: number) => setClock({ endsAt: next, now: Date.now() }), []);
  return [Math.max(0, Math.ceil((clock.endsAt - clock.now) / 1000)), start];
}
