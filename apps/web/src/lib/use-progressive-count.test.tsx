import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount', () => {
  it('gives the first rows at once and the rest in later passes, never more than there are', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ total }) => {
        const n = useProgressiveCount(total, 10);
        seen.push(n);
        return n;
      },
      { initialProps: { total: 25 } },
    );
    expect(seen[0]).toBe(10);
    await waitFor(() => expect(result.current).toBe(25));
    // it went up in passes
    expect(seen).toContain(20);
    rerender({ total: 3 });
    expect(result.current).toBe(3);
  });

  it('shows a short list whole from the first render', () => {
    const { result } = renderHook(() => useProgressiveCount(4, 10));
    expect(result.current).toBe(4);
  });
});
