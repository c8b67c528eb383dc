import { useEffect, useState } from 'react';
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../shared/ipc/contract';
import { usePerch } from './store';

/**
 * Reads one contract channel whenever its arguments change (null: nothing to read), dropping
 * answers that arrive after the arguments moved on. The setters let a write show its result.
 */
export function useInvoke<C extends InvokeChannel>(channel: C, args: InvokeArgs<C> | null) {
  const bridge = usePerch((s) => s.bridge);
  const [value, setValue] = useState<InvokeResult<C> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = args === null ? null : JSON.stringify(args);
  useEffect(() => {
    setValue(null);
    setError(null);
    if (!bridge || key === null) return;
    let current = true;
    void bridge.invoke(channel, ...(JSON.parse(key) as InvokeArgs<C>)).then((result) => {
      if (!current) return;
      if (result.ok) setValue(result.value);
      else setError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [bridge, channel, key]);
  return { value, error, setValue, setError };
}
