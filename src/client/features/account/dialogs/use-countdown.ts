/**
 * A seconds countdown (the resend cooldown of SPEC §4): after start(n) it reads n, n-1, … 0.
 * It counts against a deadline, so a throttled background tab still ends on time.
 */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState({ endsAt: 0, now: 0 });
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
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ endsAt: now + seconds * 1000, now });
  }, []);
  return [Math.max(0, Math.ceil((clock.endsAt - clock.now) / 1000)), start];
}
