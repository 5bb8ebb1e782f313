import type { PublicGuestApp, PublicPoi } from '@spotlist/contracts';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimLinks, GuestApp } from './guest-app.tsx';

const poi = (placeId: number, name: string): PublicPoi => ({
  placeId,
  name,
  description: null,
  latitude: null,
  longitude: null,
  address: null,
  city: 'Wien',
  category: 'museum',
  website: null,
  phone: null,
  accessibility: [],
  pictureUrl: null,
  thumbUrl: null,
});

const app = (language: string): PublicGuestApp => ({
  publicId: 'GuestApp01',
  language,
  languages: ['de', 'en'],
  businessName: 'Hotel Sonne',
  logoUrl: null,
  title: language === 'de' ? 'Willkommen' : 'Welcome',
  text: 'Schön, dass Sie da sind.',
  contact: { phone: '+43 1 234 567', email: 'info@sonne.example', website: 'sonne.example', hours: '7–22' },
  widgets: [
    {
      publicId: 'WidgetOne1',
      language,
      languages: ['de', 'en'],
      title: 'Museen',
      intro: '',
      style: { primaryColor: '#123456' },
      pois: [poi(1, 'Albertina'), poi(2, 'Belvedere')],
      overlaySite: null,
    },
  ],
  lists: [{ name: 'Frühstück', description: 'Unsere Tipps', pois: [poi(3, 'Café Sperl')] }],
  overlaySite: null,
});

let root: HTMLElement;
const until = async (check: () => void) => {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
};

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['de-AT'] });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: vi.fn(() => true) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const m = url.match(/^\/api\/public\/guest-app\/GuestApp01\?lang=(\w+)$/);
      if (m) return new Response(JSON.stringify(app(m[1] === 'en' ? 'en' : 'de')));
      if (url === '/api/public/guest' && init.method === 'POST') return new Response(JSON.stringify({ guestKey: 'key+/=0123456789ab' }));
      if (url === '/api/public/guest/like') return new Response('{}');
      if (url === '/api/public/guest/likes') return new Response(JSON.stringify({ placeIds: [3] }));
      return new Response('{"key":"error.notFound"}', { status: 404 });
    }),
  );
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(async () => {
  render(null, root);
  root.remove();
  // Preact runs effects after the next frame (a 35 ms timer at most): let what the test left
  // scheduled run now, while the page's globals and stubs still exist, not after the file ends.
  await new Promise((r) => setTimeout(r, 50));
  vi.unstubAllGlobals();
});

describe('guest app', () => {
  it("shows the welcome, each widget and list with headings, and the host's contact", async () => {
    render(<GuestApp path="/g/GuestApp01" search="" />, root);
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Willkommen'));
    expect([...root.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Museen', 'Frühstück', 'Kontakt']);
    expect([...root.querySelectorAll('.sl-open')].map((b) => b.textContent)).toEqual(['Albertina', 'Belvedere', 'Café Sperl']);
    expect(root.querySelector('.sl-sub')!.textContent).toBe('Museum · Wien'); // the category by name
    expect(root.querySelector<HTMLElement>('section[aria-label=Museen]')!.style.getPropertyValue('--sl-primary')).toBe('#123456');
    expect(root.querySelector('a[href="tel:+431234567"]')).not.toBeNull();
    expect(root.querySelector('a[href="mailto:info@sonne.example"]')).not.toBeNull();
    expect(root.querySelector<HTMLAnchorElement>('a[target=_blank]')!.href).toBe('https://sonne.example/');
    // one view per widget
    await until(() => expect(navigator.sendBeacon).toHaveBeenCalledTimes(1));
    expect((navigator.sendBeacon as ReturnType<typeof vi.fn>).mock.calls[0][0]).toBe('/api/public/widget/WidgetOne1/event');
  });

  it('offers to save the likes (sign up or log in, the key in the fragment) once the guest liked a place', async () => {
    render(<GuestApp path="/g/GuestApp01" search="?lang=en" />, root);
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Welcome'));
    expect(root.textContent).not.toContain('Save your likes');
    [...root.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Like: Café Sperl')!.click();
    await until(() => expect(root.textContent).toContain('Save your likes'));
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/signup#guest=key%2B%2F%3D0123456789ab');
    expect(hrefs).toContain('/login#guest=key%2B%2F%3D0123456789ab');
    const like = (fetch as unknown as { mock: { calls: [string, RequestInit?][] } }).mock.calls.find(
      ([u]) => u === '/api/public/guest/like',
    )!;
    expect(JSON.parse(like[1]!.body as string)).toEqual({ placeId: 3 }); // a list's like names no widget
    const created = (fetch as unknown as { mock: { calls: [string, RequestInit?][] } }).mock.calls.find(
      ([u]) => u === '/api/public/guest',
    )!;
    expect(JSON.parse(created[1]!.body as string)).toEqual({ guestApp: 'GuestApp01' });
    // once the like is saved, the server's list is read again (another tab may have liked too)
    await until(() =>
      expect((fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([u]) => u)).toContain('/api/public/guest/likes'),
    );
  });

  it('builds the claim links with the key in the fragment only', () => {
    expect(claimLinks('abc')).toEqual({ signup: '/signup#guest=abc', login: '/login#guest=abc' });
  });
});
