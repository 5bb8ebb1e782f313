import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapWhenNear } from './map-loading';

describe('MapWhenNear', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('holds the map’s place until its box comes near the screen, then shows the map', () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    render(
      <MapWhenNear>
        <p>The map</p>
      </MapWhenNear>,
    );
    expect(screen.queryByText('The map')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(observers[0]?.options?.rootMargin).toBe('400px 0px');
    act(() => observers[0]!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.queryByText('The map')).not.toBeInTheDocument();
    act(() => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('The map')).toBeInTheDocument();
  });

  it('shows the map at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <MapWhenNear>
        <p>The map</p>
      </MapWhenNear>,
    );
    expect(screen.getByText('The map')).toBeInTheDocument();
  });
});
