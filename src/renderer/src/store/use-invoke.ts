import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../../shared/ipc/contract';
import { connectedSyncing } from '../features/accounts/accounts-view';
import { describeError } from '../ui/text/errors';
import { usePerch } from './';

/**
 * Reads one contract channel whenever its arguments change (null: nothing to read), dropping
 * answers that arrive after the arguments moved on. The setters let a write show its result.
 * A failed read is a sentence for the agent; `retry` reads again, and so does the sync
 * reporting the server reachable again.
 */
export function useInvoke<C extends InvokeChannel>(channel: C, args: InvokeArgs<C> | null) {
  const read = usePerch((s) => s.read);
  const [value, setValue] = useState<InvokeResult<C> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const key = args === null ? null : JSON.stringify(args);
  const failed = useRef(false);
  failed.current = error !== null;
  const retry = useCallback(() => setReads((n) => n + 1), []);
  const healthy = usePerch((s) => connectedSyncing(s.accounts, s.statuses));
  useEffect(() => {
    if (healthy && failed.current) retry();
  }, [healthy, retry]);
  useEffect(() => {
    setValue(null);
    setError(null);
    if (key === null) return;
    let current = true;
    void read(channel, ...(JSON.parse(key) as InvokeArgs<C>)).then((result) => {
      if (!current || !result) return;
      if (result.ok) setValue(result.value);
      else setError(describeError(result.error));
    });
    return () => {
      current = false;
    };
  }, [read, channel, key, reads]);
  return { value, error, setValue, setError, retry };
}
