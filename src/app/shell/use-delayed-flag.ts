import { useEffect, useState } from 'react';

/** True once `flag` has stayed true for `delay` ms; false as soon as it drops. */
export function useDelayedFlag(flag: boolean, delay: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!flag) {
      setElapsed(false);
      return;
    }
    const timer = setTimeout(() => setElapsed(true), delay);
    return () => clearTimeout(timer);
  }, [flag, delay]);
  return flag && elapsed;
}
