import { describe, expect, it } from 'vitest';
import { usableImageUrl } from './image';

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
