import { afterEach, describe, expect, it } from 'vitest';
import { hasNativeCamera } from './camera';
import { isNativePlatform, nativePlatform } from './platform';

const setCapacitor = (value: unknown) => Object.assign(globalThis, { Capacitor: value });

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

describe('platform', () => {
  it('is the web in a browser: no Capacitor bridge', () => {
    expect(isNativePlatform()).toBe(false);
    expect(nativePlatform()).toBe('web');
    expect(hasNativeCamera()).toBe(false);
  });

  it("is the web where @capacitor/core's web runtime made a Capacitor object", () => {
    setCapacitor({ isNativePlatform: () => false, getPlatform: () => 'web' });
    expect(isNativePlatform()).toBe(false);
    expect(nativePlatform()).toBe('web');
  });

  it.each(['android', 'ios'] as const)('is %s inside that shell, and the camera is the native one', (platform) => {
    setCapacitor({ isNativePlatform: () => true, getPlatform: () => platform });
    expect(isNativePlatform()).toBe(true);
    expect(nativePlatform()).toBe(platform);
    expect(hasNativeCamera()).toBe(true);
  });

  it('treats a native bridge naming an unknown platform as the web', () => {
    setCapacitor({ isNativePlatform: () => true, getPlatform: () => 'electron' });
    expect(nativePlatform()).toBe('web');
  });
});
