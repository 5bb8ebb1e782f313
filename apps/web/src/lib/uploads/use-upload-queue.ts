import { useEffect, useState, useSyncExternalStore } from 'react';
import { createUploadQueue, type UploadQueue, type UploadQueueOptions, type UploadQueueState } from './queue';

/**
 * A component's upload queue (one per component instance). The latest render's `send`,
 * `retryable` and `onDone` are used; the retry delays of the first render are kept. Running
 * uploads are cancelled when the component unmounts.
 */
export function useUploadQueue<R = unknown>(options: UploadQueueOptions<R>): { queue: UploadQueue<R>; state: UploadQueueState<R> } {
  const [queue] = useState(() => createUploadQueue<R>(options));
  useEffect(() => queue.configure(options));
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  useEffect(
    () => () => {
      for (const item of queue.getState().items) queue.cancel(item.id);
    },
    [queue],
  );
  return { queue, state };
}
