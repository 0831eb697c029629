/** A seconds countdown (the resend cooldown of SPEC §4): start(n), then n, n-1, … 0. */
import { useEffect, useState } from 'react';

export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((current) => current - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
