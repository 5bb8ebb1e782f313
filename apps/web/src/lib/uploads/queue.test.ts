import { UploadStatus } from '@spotlist/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUploadQueue, percentOf, RETRY_DELAYS_MS, type UploadProgressHooks } from './queue';

const file = (name = 'a.jpg', type = 'image/jpeg') => new File(['x'], name, { type });

/** A send whose steps the test drives. */
function controlledSend() {
  const calls: { hooks: UploadProgressHooks; resolve(v: string): void; reject(e: unknown): void }[] = [];
  const send = vi.fn(
    (_item: unknown, hooks: UploadProgressHooks) =>
      new Promise<string>((resolve, reject) => {
        hooks.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        calls.push({ hooks, resolve, reject });
      }),
  );
  return { send, calls };
}

describe('upload queue', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('computes whole percents', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(50, 100)).toBe(50);
    expect(percentOf(200, 100)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
  });

  it('moves an item New → Start (sent) → Progress (percent) → Done (answer) and keeps the answer', async () => {
    const { send, calls } = controlledSend();
    const onDone = vi.fn();
    const q = createUploadQueue<string>({ send, onDone });
    const seen: string[] = [];
    q.subscribe(() => {
      const it = q.getState().items[0];
      if (it) seen.push(`${it.status}:${it.percent}`);
    });
    const item = q.add(file('pic.png', ''));
    expect(item).toMatchObject({ status: UploadStatus.New, percent: 0, fileName: 'pic.png', fileType: 'image/jpeg' });
    const done = q.uploadAll();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.hooks.onSent();
    expect(q.getState().items[0]).toMatchObject({ status: UploadStatus.Start, percent: 0 });
    calls[0]!.hooks.onProgress(25, 100);
    expect(q.getState().items[0]).toMatchObject({ status: UploadStatus.Progress, percent: 25 });
    calls[0]!.hooks.onProgress(2, 3);
    expect(q.getState().items[0]!.percent).toBe(67);
    calls[0]!.resolve('document 7');
    await done;
    expect(q.getState().items[0]).toMatchObject({ status: UploadStatus.Done, percent: 100, result: 'document 7', attempts: 1 });
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ id: item.id, result: 'document 7' }));
    expect(seen).toContain('Start:0');
    expect(seen).toContain('Progress:25');
    expect(seen.at(-1)).toBe('Done:100');
    expect(q.getState().message).toBeNull();
  });

  it('retries 3 times with backoff, then ends in Error with the failure message', async () => {
    vi.useFakeTimers();
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const q = createUploadQueue({ send });
    q.add(file());
    const done = q.uploadAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    // no retry before its delay
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! - 1);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]!);
    expect(send).toHaveBeenCalledTimes(3);
    expect(q.getState().items[0]!.status).not.toBe(UploadStatus.Error);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[2]!);
    expect(send).toHaveBeenCalledTimes(4);
    await done;
    expect(RETRY_DELAYS_MS).toHaveLength(3);
    expect(RETRY_DELAYS_MS[1]!).toBeGreaterThan(RETRY_DELAYS_MS[0]!);
    expect(q.getState().items[0]).toMatchObject({ status: UploadStatus.Error, attempts: 4 });
    expect(q.getState().items[0]!.error).toEqual(new Error('offline'));
    expect(q.getState().message).toBe('failed');
    // nothing more happens later
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('succeeds on a retry', async () => {
    vi.useFakeTimers();
    const send = vi.fn().mockRejectedValueOnce(new Error('blip')).mockResolvedValueOnce('ok');
    const q = createUploadQueue({ send });
    q.add(file());
    const done = q.uploadAll();
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]!);
    await done;
    expect(q.getState().items[0]).toMatchObject({ status: UploadStatus.Done, attempts: 2, result: 'ok' });
    expect(q.getState().message).toBeNull();
  });

  it('does not retry what the transport calls final', async () => {
    const send = vi.fn().mockRejectedValue(new Error('refused'));
    const q = createUploadQueue({ send, retryable: () => false });
    q.add(file());
    await q.uploadAll();
    expect(send).toHaveBeenCalledTimes(1);
    expect(q.getState().items[0]!.status).toBe(UploadStatus.Error);
    expect(q.getState().message).toBe('failed');
  });

  it('uploads only New and Error items in a batch, and says when there is nothing', async () => {
    const send = vi.fn().mockResolvedValueOnce('first').mockRejectedValueOnce(new Error('no')).mockResolvedValue('again');
    const q = createUploadQueue({ send, retryDelays: [] });
    q.add(file('1.jpg'));
    await q.uploadAll();
    expect(send).toHaveBeenCalledTimes(1);
    q.add(file('2.jpg'));
    await q.uploadAll();
    // the Done item is not sent again
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toMatchObject({ fileName: '2.jpg' });
    expect(q.getState().items.map((i) => i.status)).toEqual([UploadStatus.Done, UploadStatus.Error]);
    // the Error item goes again
    await q.uploadAll();
    expect(send).toHaveBeenCalledTimes(3);
    expect(send.mock.calls[2]![0]).toMatchObject({ fileName: '2.jpg' });
    expect(q.getState().items.map((i) => i.status)).toEqual([UploadStatus.Done, UploadStatus.Done]);
    expect(q.getState().message).toBeNull();
    // all Done: nothing to upload
    await q.uploadAll();
    expect(send).toHaveBeenCalledTimes(3);
    expect(q.getState().message).toBe('nothing');
  });

  it('says "nothing" for an empty queue and for a batch delete without New or Error items', async () => {
    const q = createUploadQueue({ send: vi.fn().mockResolvedValue('x') });
    await q.uploadAll();
    expect(q.getState().message).toBe('nothing');
    q.clearMessage();
    q.add(file());
    await q.uploadAll();
    q.removeAll();
    expect(q.getState().items).toHaveLength(1);
    expect(q.getState().message).toBe('nothing');
  });

  it('deletes only New and Error items in a batch', async () => {
    const send = vi.fn().mockResolvedValueOnce('done').mockRejectedValueOnce(new Error('x'));
    const q = createUploadQueue({ send, retryDelays: [] });
    q.add(file('done.jpg'));
    await q.uploadAll();
    q.add(file('error.jpg'));
    await q.uploadAll();
    q.add(file('new.jpg'));
    q.cancel(q.add(file('cancel.jpg')).id);
    q.removeAll();
    expect(q.getState().items.map((i) => `${i.fileName}:${i.status}`)).toEqual(['done.jpg:Done', 'cancel.jpg:Cancel']);
  });

  it('cancels a running upload: Cancel, no retry, no failure message', async () => {
    const { send, calls } = controlledSend();
    const q = createUploadQueue({ send });
    const item = q.add(file());
    const done = q.uploadAll();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.hooks.onSent();
    calls[0]!.hooks.onProgress(40, 100);
    q.cancel(item.id);
    await done;
    expect(q.getState().items[0]).toMatchObject({ status: UploadStatus.Cancel, percent: 40 });
    expect(calls[0]!.hooks.signal.aborted).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(q.getState().message).toBeNull();
    // a cancelled item is not part of a batch, but can be tried again on its own
    await q.uploadAll();
    expect(q.getState().message).toBe('nothing');
    const again = q.retry(item.id);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.resolve('ok');
    await again;
    expect(q.getState().items[0]!.status).toBe(UploadStatus.Done);
  });

  it('replaceWith: a new pick for a one-file slot cancels the running upload and uploads only the new file', async () => {
    const { send, calls } = controlledSend();
    const q = createUploadQueue({ send });
    const first = q.replaceWith(file('old.jpg'));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const second = q.replaceWith(file('new.jpg'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.hooks.signal.aborted).toBe(true);
    calls[1]!.resolve('ok');
    await Promise.all([first, second]);
    // the cancelled one ends as Cancel (it was running when the new pick came); the new one is Done
    expect(q.getState().items.map((it) => [it.fileName, it.status])).toEqual([
      ['old.jpg', UploadStatus.Cancel],
      ['new.jpg', UploadStatus.Done],
    ]);
    expect(send).toHaveBeenCalledTimes(2);
    // a third pick clears both finished items
    const third = q.replaceWith(file('third.jpg'));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(q.getState().items.map((it) => it.fileName)).toEqual(['third.jpg']);
    calls[2]!.resolve('ok');
    await third;
  });

  it('cancels while waiting for a retry', async () => {
    vi.useFakeTimers();
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const q = createUploadQueue({ send });
    const item = q.add(file());
    const done = q.uploadAll();
    await vi.advanceTimersByTimeAsync(10);
    q.cancel(item.id);
    await done;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(q.getState().items[0]!.status).toBe(UploadStatus.Cancel);
    expect(q.getState().message).toBeNull();
  });

  it('ignores progress reported after a cancel', async () => {
    const { send, calls } = controlledSend();
    const q = createUploadQueue({ send });
    const item = q.add(file());
    const done = q.uploadAll();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    q.cancel(item.id);
    calls[0]!.hooks.onProgress(90, 100);
    await done;
    expect(q.getState().items[0]).toMatchObject({ status: UploadStatus.Cancel, percent: 0 });
  });
});
