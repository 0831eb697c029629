/** Busy state of a submit: set while its flow runs (the flows keep it at least 300 ms). */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useBusy(): [boolean, <T>(work: () => Promise<T>) => Promise<T>] {
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async <T>(work: () => Promise<T>) => {
    setBusy(true);
    try {
      return await work();
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  return [busy, run];
}
