import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyLink, publicLink, share } from './share';

const plugin = vi.hoisted(() => ({ share: vi.fn() }));
vi.mock('@capacitor/share', () => ({ Share: plugin }));

const PLACE = { title: 'Glyptothek', text: 'A museum', url: 'https://app.spotlist.example/place/5' };

function browser({ webShare, clipboard }: { webShare?: (data: ShareData) => Promise<void>; clipboard?: (text: string) => Promise<void> }) {
  Object.defineProperty(navigator, 'share', { value: webShare, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: clipboard ? { writeText: clipboard } : undefined, configurable: true });
}

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { clipboard?: unknown }).clipboard;
  vi.clearAllMocks();
});

describe('share in a browser', () => {
  it("opens the browser's share sheet where there is one, and copies nothing", async () => {
    const webShare = vi.fn(async () => undefined);
    const clipboard = vi.fn(async () => undefined);
    browser({ webShare, clipboard });
    await expect(share(PLACE)).resolves.toBe('shared');
    expect(webShare).toHaveBeenCalledWith({ title: 'Glyptothek', text: 'A museum', url: PLACE.url });
    expect(clipboard).not.toHaveBeenCalled();
    expect(plugin.share).not.toHaveBeenCalled();
  });

  it('closing the sheet is no failure and copies nothing either', async () => {
    const clipboard = vi.fn(async () => undefined);
    browser({ webShare: vi.fn(async () => Promise.reject(new DOMException('Share canceled', 'AbortError'))), clipboard });
    await expect(share(PLACE)).resolves.toBe('cancelled');
    expect(clipboard).not.toHaveBeenCalled();
  });

  it('copies the link where there is no share sheet (desktop browsers)', async () => {
    const clipboard = vi.fn(async () => undefined);
    browser({ clipboard });
    await expect(share(PLACE)).resolves.toBe('copied');
    expect(clipboard).toHaveBeenCalledWith(PLACE.url);
  });

  it('says so when neither works', async () => {
    browser({ clipboard: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) });
    await expect(share(PLACE)).resolves.toBe('unavailable');
    browser({});
    await expect(copyLink(PLACE.url)).resolves.toBe(false);
  });

  it("links to this page's origin, as before", () => {
    expect(publicLink('/place/5', 'https://app.spotlist.example')).toBe(`${location.origin}/place/5`);
  });
});

describe('share in the native shells', () => {
  beforeEach(() => {
    Object.assign(globalThis, { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'ios' } });
  });

  it('opens the system share sheet of the plugin, not the WebView’s', async () => {
    const webShare = vi.fn(async () => undefined);
    browser({ webShare });
    plugin.share.mockResolvedValue({ activityType: 'com.apple.UIKit.activity.Message' });
    await expect(share(PLACE)).resolves.toBe('shared');
    expect(plugin.share).toHaveBeenCalledWith({ title: 'Glyptothek', text: 'A museum', url: PLACE.url, dialogTitle: 'Glyptothek' });
    expect(webShare).not.toHaveBeenCalled();
  });

  it('a sheet closed without a choice is cancelled, not copied', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const clipboard = vi.fn(async () => undefined);
    browser({ clipboard });
    plugin.share.mockRejectedValue(new Error('Share canceled'));
    await expect(share(PLACE)).resolves.toBe('cancelled');
    expect(clipboard).not.toHaveBeenCalled();
  });

  it("links to the server's public address, not to the shell's https://localhost", () => {
    expect(publicLink('/place/5', 'https://app.spotlist.example')).toBe('https://app.spotlist.example/place/5');
    expect(publicLink('/s/tok123', 'https://example.org/spotlist/')).toBe('https://example.org/spotlist/s/tok123');
    // an absolute address stays itself; without a public address there is only this page's
    expect(publicLink('https://other.example/x', 'https://app.spotlist.example')).toBe('https://other.example/x');
    expect(publicLink('/place/5', '')).toBe(`${location.origin}/place/5`);
  });
});
