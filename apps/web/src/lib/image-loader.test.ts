import { describe, expect, it, vi } from 'vitest';
import { createImageLoader, type ImageLoadState } from './image-loader';
import { appEvents } from './events';

function deferredLoads() {
  const pending = new Map<string, { resolve(): void; reject(e: unknown): void }>();
  const load = vi.fn(
    (url: string) =>
      new Promise<void>((resolve, reject) => {
        pending.set(url, { resolve, reject });
      }),
  );
  return { load, pending };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('image loader (SPEC §8)', () => {
  it('applies only the latest URL: an earlier load finishing later is dropped', async () => {
    const { load, pending } = deferredLoads();
    const states: ImageLoadState[] = [];
    const loader = createImageLoader((s) => states.push(s), load);
    loader.set('/api/document/1/thumb');
    loader.set('/api/document/2/thumb');
    pending.get('/api/document/2/thumb')!.resolve();
    await flush();
    pending.get('/api/document/1/thumb')!.resolve();
    await flush();
    expect(states.at(-1)).toEqual({ status: 'loaded', url: '/api/document/2/thumb' });
    expect(states).not.toContainEqual({ status: 'loaded', url: '/api/document/1/thumb' });
  });

  it('drops an earlier load that finishes before the latest', async () => {
    const { load, pending } = deferredLoads();
    const states: ImageLoadState[] = [];
    const loader = createImageLoader((s) => states.push(s), load);
    loader.set('/a.jpg');
    loader.set('/b.jpg');
    pending.get('/a.jpg')!.resolve();
    await flush();
    expect(states.at(-1)).toEqual({ status: 'loading', url: '/b.jpg' });
  });

  it('publishes a failure message for the latest URL only', async () => {
    const { load, pending } = deferredLoads();
    const failures: string[] = [];
    const off = appEvents.on('image-load-error', ({ url }) => failures.push(url));
    const states: ImageLoadState[] = [];
    const loader = createImageLoader((s) => states.push(s), load);
    loader.set('/old.jpg');
    loader.set('/broken.jpg');
    pending.get('/old.jpg')!.reject(new Error('x'));
    pending.get('/broken.jpg')!.reject(new Error('x'));
    await flush();
    off();
    expect(failures).toEqual(['/broken.jpg']);
    expect(states.at(-1)).toEqual({ status: 'error', url: '/broken.jpg' });
  });

  it('ignores unusable URLs without loading, and a change to one drops the running load', async () => {
    const { load, pending } = deferredLoads();
    const states: ImageLoadState[] = [];
    const loader = createImageLoader((s) => states.push(s), load);
    for (const url of ['', 'null', 'undefined', '/api', null, undefined]) loader.set(url);
    expect(load).not.toHaveBeenCalled();
    expect(states.every((s) => s.status === 'none')).toBe(true);
    loader.set('/c.jpg');
    loader.set('null');
    pending.get('/c.jpg')!.resolve();
    await flush();
    expect(states.at(-1)).toEqual({ status: 'none' });
  });

  it('drops a load finishing after dispose', async () => {
    const { load, pending } = deferredLoads();
    const onChange = vi.fn();
    const loader = createImageLoader(onChange, load);
    loader.set('/d.jpg');
    loader.dispose();
    pending.get('/d.jpg')!.resolve();
    await flush();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
