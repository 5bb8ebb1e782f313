import type { PermissionStatus } from '@capacitor/geolocation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getKnownLocation, locate, setKnownLocation } from './geolocation';

const plugin = vi.hoisted(() => ({
  checkPermissions: vi.fn(),
  requestPermissions: vi.fn(),
  getCurrentPosition: vi.fn(),
}));
vi.mock('@capacitor/geolocation', () => ({ Geolocation: plugin }));

const SPEC_OPTIONS = { timeout: 10_000, maximumAge: 0, enableHighAccuracy: true };
const status = (location: PermissionState | 'prompt-with-rationale', coarseLocation = location): PermissionStatus =>
  ({ location, coarseLocation }) as PermissionStatus;
const position = (latitude: number, longitude: number) => ({ timestamp: 0, coords: { latitude, longitude, accuracy: 5 } });

/** The browser's geolocation (jsdom has none): answers with `answer`, records the options. */
function browserGeolocation(answer: { position: GeolocationPosition } | { error: string }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
    if ('position' in answer) ok(answer.position);
    else fail({ code: 1, message: answer.error } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  setKnownLocation(null);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  delete (navigator as { geolocation?: unknown }).geolocation;
  vi.clearAllMocks();
});

describe('locate in a browser (SPEC §9)', () => {
  it('asks the browser with 10 s timeout, maximum age 0 and high accuracy, and keeps the answer', async () => {
    const ask = browserGeolocation({ position: position(48.14, 11.58) as unknown as GeolocationPosition });
    await expect(locate()).resolves.toEqual({ lat: 48.14, lng: 11.58 });
    expect(ask.mock.calls[0][2]).toEqual(SPEC_OPTIONS);
    expect(getKnownLocation()).toEqual({ lat: 48.14, lng: 11.58 });
    expect(plugin.checkPermissions).not.toHaveBeenCalled();
  });

  it('answers null after a refusal, only logging it, and keeps the last known position', async () => {
    setKnownLocation({ lat: 1, lng: 2 });
    browserGeolocation({ error: 'User denied Geolocation' });
    await expect(locate()).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledWith('geolocation failed', 'User denied Geolocation');
    expect(getKnownLocation()).toEqual({ lat: 1, lng: 2 });
  });

  it('answers null where the browser has no geolocation', async () => {
    await expect(locate()).resolves.toBeNull();
  });
});

describe('locate in the native shells', () => {
  beforeEach(() => {
    Object.assign(globalThis, { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' } });
  });

  it('asks the plugin with the SPEC §9 options once the permission is granted, not the browser', async () => {
    const browser = browserGeolocation({ error: 'must not be asked' });
    plugin.checkPermissions.mockResolvedValue(status('granted'));
    plugin.getCurrentPosition.mockResolvedValue(position(52.52, 13.4));
    await expect(locate()).resolves.toEqual({ lat: 52.52, lng: 13.4 });
    expect(plugin.getCurrentPosition).toHaveBeenCalledWith(SPEC_OPTIONS);
    expect(plugin.requestPermissions).not.toHaveBeenCalled();
    expect(browser).not.toHaveBeenCalled();
    expect(getKnownLocation()).toEqual({ lat: 52.52, lng: 13.4 });
  });

  it('asks for the permission when it was never asked, and locates when granted', async () => {
    plugin.checkPermissions.mockResolvedValue(status('prompt'));
    plugin.requestPermissions.mockResolvedValue(status('granted'));
    plugin.getCurrentPosition.mockResolvedValue(position(1, 2));
    await expect(locate()).resolves.toEqual({ lat: 1, lng: 2 });
    expect(plugin.requestPermissions).toHaveBeenCalledTimes(1);
    expect(plugin.requestPermissions.mock.invocationCallOrder[0]).toBeLessThan(plugin.getCurrentPosition.mock.invocationCallOrder[0]);
  });

  it('answers null when the user refuses at the prompt, as after a refusal in a browser', async () => {
    setKnownLocation({ lat: 1, lng: 2 });
    plugin.checkPermissions.mockResolvedValue(status('prompt-with-rationale'));
    plugin.requestPermissions.mockResolvedValue(status('denied'));
    await expect(locate()).resolves.toBeNull();
    expect(plugin.getCurrentPosition).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith('geolocation failed', 'permission denied');
    expect(getKnownLocation()).toEqual({ lat: 1, lng: 2 });
  });

  it('does not ask again after an earlier refusal', async () => {
    plugin.checkPermissions.mockResolvedValue(status('denied'));
    await expect(locate()).resolves.toBeNull();
    expect(plugin.requestPermissions).not.toHaveBeenCalled();
    expect(plugin.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('locates with the approximate position only (Android lets the user grant just that)', async () => {
    plugin.checkPermissions.mockResolvedValue(status('denied', 'granted'));
    plugin.getCurrentPosition.mockResolvedValue(position(3, 4));
    await expect(locate()).resolves.toEqual({ lat: 3, lng: 4 });
  });

  it('answers null when the plugin fails (location off, timeout), only logging it', async () => {
    plugin.checkPermissions.mockResolvedValue(status('granted'));
    plugin.getCurrentPosition.mockRejectedValue(new Error('Could not obtain location in time. Try with a higher timeout.'));
    await expect(locate()).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledWith('geolocation failed', 'Could not obtain location in time. Try with a higher timeout.');
  });
});
