import { useEffect, useState } from 'react';
import { MIN_BUSY_MS } from '@shared/constants';

/**
 * True while `loading`, and in any case for at least `ms` after mounting, so a
 * fast answer does not flash the placeholder for a frame.
 */
export function useMinimumLoading(loading: boolean, ms: number = MIN_BUSY_MS): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return loading || !elapsed;
}
