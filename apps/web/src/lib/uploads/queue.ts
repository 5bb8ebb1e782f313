import { UPLOAD_RETRIES, UploadStatus } from '@spotlist/contracts';

/**
 * The upload queue (SPEC §3 upload item, §4 upload status and progress events, §8 messages, §9
 * retries). Plain state, no UI: `use-upload-queue.ts` binds it to React, the transport
 * (`transport.ts`) sends one item.
 *
 * An item is New when added. Its send reports the SPEC §4 events: "sent" moves it to Start,
 * "progress" to Progress with the percent computed, the answer to Done (100 %). A failure is
 * retried UPLOAD_RETRIES (3) times after RETRY_DELAYS_MS unless the transport says it cannot
 * help (a refused file); then the item is Error and the queue's message is `failed`. Cancel
 * aborts a running send and ends the item as Cancel (no retry). A batch (`uploadAll`,
 * `removeAll`) touches only New and Error items; a batch with none of them sets the message
 * `nothing`.
 */

/** Backoff before retry 1, 2 and 3 (ms). The resumable transport uses the same delays. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 3000, 5000].slice(0, UPLOAD_RETRIES);

/** SPEC §8 messages, as keys of the contracts' UploadMessage. */
export type UploadMessageKind = 'failed' | 'nothing';

export interface UploadProgressHooks {
  signal: AbortSignal;
  /** The request is on its way (SPEC §4 "Sent" → Start). */
  onSent(): void;
  /** Bytes sent so far of the total (→ Progress with the percent). */
  onProgress(loaded: number, total: number): void;
}

export interface UploadItem<R = unknown> {
  id: number;
  file: Blob;
  /** SPEC §3 upload file: name and type (default image/jpeg). */
  fileName: string;
  fileType: string;
  status: UploadStatus;
  /** 0–100. */
  percent: number;
  /** Sends made so far (1 + retries). */
  attempts: number;
  /** The answer of a Done item. */
  result?: R;
  /** Why an Error item failed. */
  error?: unknown;
}

export interface UploadQueueOptions<R> {
  send(item: UploadItem<R>, hooks: UploadProgressHooks): Promise<R>;
  /** false: do not retry this failure (default: retry everything but an abort). */
  retryable?(error: unknown): boolean;
  retryDelays?: readonly number[];
  /** Called when an item is Done (after the state changed). */
  onDone?(item: UploadItem<R>): void;
}

export interface UploadQueueState<R> {
  items: readonly UploadItem<R>[];
  message: UploadMessageKind | null;
}

const isAbort = (e: unknown) => (e as { name?: unknown } | null)?.name === 'AbortError';

export const isBatchable = (item: Pick<UploadItem, 'status'>) => item.status === UploadStatus.New || item.status === UploadStatus.Error;

/** Percent of `loaded` in `total`, whole numbers 0–100 (0 while the total is unknown). */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.round((loaded / total) * 100));
}

export function createUploadQueue<R = unknown>(initial: UploadQueueOptions<R>) {
  let options = initial;
  const delays = initial.retryDelays ?? RETRY_DELAYS_MS;
  const retryable = (error: unknown) => (options.retryable ? options.retryable(error) : true);
  let state: UploadQueueState<R> = { items: [], message: null };
  let nextId = 1;
  const running = new Map<number, AbortController>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const l of [...listeners]) l();
  };
  const patch = (id: number, change: Partial<UploadItem<R>>) => {
    const items = state.items.map((it) => (it.id === id ? { ...it, ...change } : it));
    state = { ...state, items };
    emit();
  };
  const find = (id: number) => state.items.find((it) => it.id === id);
  const setMessage = (message: UploadMessageKind | null) => {
    if (state.message === message) return;
    state = { ...state, message };
    emit();
  };

  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });

  async function run(id: number): Promise<void> {
    if (running.has(id)) return;
    const controller = new AbortController();
    running.set(id, controller);
    const { signal } = controller;
    patch(id, { status: UploadStatus.New, percent: 0, error: undefined });
    try {
      for (let attempt = 0; ; attempt++) {
        const item = find(id);
        if (!item) return;
        patch(id, { attempts: item.attempts + 1 });
        try {
          const result = await options.send(find(id)!, {
            signal,
            onSent: () => {
              if (!signal.aborted) patch(id, { status: UploadStatus.Start, percent: 0 });
            },
            onProgress: (loaded, total) => {
              if (!signal.aborted) patch(id, { status: UploadStatus.Progress, percent: percentOf(loaded, total) });
            },
          });
          if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
          patch(id, { status: UploadStatus.Done, percent: 100, result });
          options.onDone?.(find(id)!);
          return;
        } catch (error) {
          if (signal.aborted || isAbort(error)) {
            patch(id, { status: UploadStatus.Cancel });
            return;
          }
          if (attempt < delays.length && retryable(error)) {
            try {
              await wait(delays[attempt]!, signal);
            } catch {
              patch(id, { status: UploadStatus.Cancel });
              return;
            }
            continue;
          }
          console.error('upload failed', error);
          patch(id, { status: UploadStatus.Error, error });
          setMessage('failed');
          return;
        }
      }
    } finally {
      running.delete(id);
    }
  }

  const queue = {
    getState: (): UploadQueueState<R> => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Adds a New item (SPEC §3 upload file: the type defaults to image/jpeg). */
    add(file: Blob, fileName?: string): UploadItem<R> {
      const item: UploadItem<R> = {
        id: nextId++,
        file,
        fileName: fileName ?? (file instanceof File ? file.name : 'upload'),
        fileType: file.type || 'image/jpeg',
        status: UploadStatus.New,
        percent: 0,
        attempts: 0,
      };
      state = { ...state, items: [...state.items, item] };
      emit();
      return item;
    },
    /** Uploads every New or Error item (SPEC §4); none → the "nothing to upload" message. */
    async uploadAll(): Promise<void> {
      const ids = state.items.filter(isBatchable).map((it) => it.id);
      if (ids.length === 0) {
        setMessage('nothing');
        return;
      }
      setMessage(null);
      await Promise.all(ids.map(run));
    },
    /** Uploads one item again (a New, Error or Cancel item). */
    async retry(id: number): Promise<void> {
      const item = find(id);
      if (!item || item.status === UploadStatus.Done || running.has(id)) return;
      setMessage(null);
      await run(id);
    },
    /** Stops an item's upload (or its wait for a retry): it ends as Cancel. */
    cancel(id: number): void {
      const controller = running.get(id);
      if (controller) controller.abort();
      else if (find(id)?.status === UploadStatus.New) patch(id, { status: UploadStatus.Cancel });
    },
    /** Removes the New and Error items (SPEC §4: a batch deletes only those); none → "nothing". */
    removeAll(): void {
      const keep = state.items.filter((it) => !isBatchable(it) || running.has(it.id));
      if (keep.length === state.items.length) {
        setMessage('nothing');
        return;
      }
      state = { items: keep, message: null };
      emit();
    },
    /** Forgets one item that is not running. */
    remove(id: number): void {
      if (running.has(id)) return;
      state = { ...state, items: state.items.filter((it) => it.id !== id) };
      emit();
    },
    clearMessage: () => setMessage(null),
    /** A one-file slot (a profile picture, a POI picture): cancels and forgets what is there, then uploads `file`. */
    async replaceWith(file: Blob, fileName?: string): Promise<void> {
      for (const it of state.items) {
        queue.cancel(it.id);
        queue.remove(it.id);
      }
      queue.add(file, fileName);
      await queue.uploadAll();
    },
    /** New send/retryable/onDone (a component's latest callbacks); the retry delays stay. */
    configure(next: UploadQueueOptions<R>): void {
      options = next;
    },
  };
  return queue;
}

export type UploadQueue<R = unknown> = ReturnType<typeof createUploadQueue<R>>;
