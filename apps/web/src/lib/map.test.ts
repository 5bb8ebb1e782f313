import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL, mapTileUrl } from './map';

afterEach(() => {
  document.head.querySelectorAll('meta[name="spotlist-tiles"]').forEach((m) => m.remove());
});

describe('mapTileUrl', () => {
  it('reads the tile URL the server wrote into index.html (escaped attribute)', () => {
    const doc = new DOMParser().parseFromString(
      '<!doctype html><html><head><meta name="spotlist-tiles" content="https://t.example/{z}/{x}/{y}.png?a=1&#38;b=&#34;2&#34;"></head></html>',
      'text/html',
    );
    expect(mapTileUrl(doc)).toBe('https://t.example/{z}/{x}/{y}.png?a=1&b="2"');
    const meta = document.createElement('meta');
    meta.name = 'spotlist-tiles';
    meta.content = 'https://tiles.example.net/{z}/{x}/{y}.png';
    document.head.append(meta);
    expect(mapTileUrl()).toBe('https://tiles.example.net/{z}/{x}/{y}.png');
  });

  it('falls back to OpenStreetMap without the meta (dev server)', () => {
    expect(mapTileUrl()).toBe(DEFAULT_TILE_URL);
  });
});
