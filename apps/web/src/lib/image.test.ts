import { describe, expect, it } from 'vitest';
import { apiResourceUrl, usableImageUrl } from './image';

describe('usableImageUrl (SPEC §5)', () => {
  it.each([undefined, null, '', '   ', 'null', 'undefined', ' null ', '/api', '/api/', '/api ', ' /api/ '])('ignores %j', (url) => {
    expect(usableImageUrl(url)).toBeNull();
  });

  it('ignores only the configured prefix', () => {
    expect(usableImageUrl('/v2', '/v2/')).toBeNull();
    expect(usableImageUrl('/v2/', '/v2')).toBeNull();
    expect(usableImageUrl('/api', '/v2')).toBe('/api');
  });

  it('keeps real addresses (trimmed)', () => {
    expect(usableImageUrl('/api/document/7/thumb')).toBe('/api/document/7/thumb');
    expect(usableImageUrl(' https://cdn.example/a.jpg ')).toBe('https://cdn.example/a.jpg');
    expect(usableImageUrl('/assets/dummy-user.svg')).toBe('/assets/dummy-user.svg');
    expect(usableImageUrl('/apix')).toBe('/apix');
  });
});

describe('the API elsewhere (the native shells: VITE_API_BASE is absolute)', () => {
  const base = 'https://api.spotlist.example/api';
  it("resolves the API's own addresses against its origin", () => {
    expect(usableImageUrl('/api/document/7/thumb?v=ab', base)).toBe('https://api.spotlist.example/api/document/7/thumb?v=ab');
    expect(apiResourceUrl('/api/place/3/cover.svg', base)).toBe('https://api.spotlist.example/api/place/3/cover.svg');
  });
  it('ignores the bare prefix and leaves absolute and protocol-relative addresses alone', () => {
    expect(usableImageUrl('/api/', base)).toBeNull();
    expect(usableImageUrl('https://cdn.example/a.jpg', base)).toBe('https://cdn.example/a.jpg');
    expect(apiResourceUrl('//cdn.example/a.jpg', base)).toBe('//cdn.example/a.jpg');
    // the app's own assets stay the page's
    expect(usableImageUrl('/assets/dummy-user.svg', base)).toBe('/assets/dummy-user.svg');
  });
  it('keeps relative addresses relative when the API is this origin', () => {
    expect(apiResourceUrl('/api/document/7/thumb', '/api')).toBe('/api/document/7/thumb');
  });
});
