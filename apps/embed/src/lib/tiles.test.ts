import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TILES, tileUrl } from './tiles';

afterEach(() => {
  document.head.querySelectorAll('meta[name="spotlist-tiles"]').forEach((m) => m.remove());
});

describe('tileUrl', () => {
  it('reads the tile URL the server put into the page', () => {
    const meta = document.createElement('meta');
    meta.name = 'spotlist-tiles';
    meta.content = 'https://tiles.example.net/{z}/{x}/{y}.png?key="a&b"';
    document.head.append(meta);
    expect(tileUrl()).toBe('https://tiles.example.net/{z}/{x}/{y}.png?key="a&b"');
  });

  it('parses the escaped attribute as the server writes it', () => {
    const doc = new DOMParser().parseFromString(
      '<!doctype html><html><head><meta name="spotlist-tiles" content="https://t.example/{z}/{x}/{y}.png?a=1&#38;b=&#34;2&#34;"></head></html>',
      'text/html',
    );
    expect(tileUrl(doc)).toBe('https://t.example/{z}/{x}/{y}.png?a=1&b="2"');
  });

  it('falls back to OpenStreetMap without the meta (dev server) or with an empty one', () => {
    expect(tileUrl()).toBe(DEFAULT_TILES);
    const meta = document.createElement('meta');
    meta.name = 'spotlist-tiles';
    document.head.append(meta);
    expect(tileUrl()).toBe(DEFAULT_TILES);
  });
});
