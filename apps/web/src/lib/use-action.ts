import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A one-shot command (send the reset mail, save the profile): pending / success / error state
 * around an async function. Reads of server state go through react-query (lib/query-client.tsx);
 * commands that change nothing cached use this instead, so their pages do not load react-query.
 * `run` rejects like the function does (the api-client has already published the error).
 */
export interface Action<A extends unknown[], R> {
  run: (...args: A) => Promise<R>;
  isPending: boolean;
  isSuccess: boolean;
  data: R | undefined;
  error: unknown;
}

export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Action<A, R> {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'success' | 'error'; data?: R; error?: unknown }>({
    status: 'idle',
  });
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const run = useCallback(async (...args: A) => {
    setState({ status: 'pending' });
    try {
      const data = await latest.current(...args);
      setState({ status: 'success', data });
      return data;
    } catch (error) {
      setState({ status: 'error', error });
      throw error;
    }
  }, []);
  return {
    run,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    data: state.data,
    error: state.error,
  };
}
