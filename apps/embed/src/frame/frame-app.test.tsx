import type { PublicPoi, PublicWidget } from '@spotlist/contracts';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameApp } from './frame-app.tsx';

const ID = 'AbCdEfGh12';
const poi = (placeId: number, name: string, extra: Partial<PublicPoi> = {}): PublicPoi => ({
  placeId,
  name,
  description: `About ${name}`,
  latitude: 48.1,
  longitude: 11.5,
  address: 'Marienplatz 1',
  city: 'München',
  category: 'cafe',
  website: 'example.com/cafe',
  phone: '+49 89 1234',
  accessibility: [],
  pictureUrl: '/api/document/7/file',
  thumbUrl: '/api/document/7/thumb',
  ...extra,
});

/** The public API as the server answers it: `lang` when offered, else the widget's first language. */
function serve(languages: string[]) {
  const asked: string[] = [];
  const beacons: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const m = url.match(/^\/api\/public\/widget\/(\w+)\?lang=(\w*)$/);
      if (m && (init.method ?? 'GET') === 'GET') {
        asked.push(m[2]);
        const language = languages.includes(m[2]) ? m[2] : languages[0];
        const widget: PublicWidget = {
          publicId: m[1],
          language,
          languages,
          title: `Tips ${language}`,
          intro: 'Our favourites',
          style: { primaryColor: '#aa0000', firstView: 'list' },
          pois: [poi(1, 'Café Eins'), poi(2, 'Bar Zwei', { website: 'javascript:alert(1)' })],
          overlaySite: null,
        };
        return new Response(JSON.stringify(widget), { status: 200 });
      }
      if (url === '/api/public/guest' && init.method === 'POST') return new Response(JSON.stringify({ guestKey: 'k-0123456789abcdef' }));
      if (url === '/api/public/guest/like' && init.method === 'POST') return new Response('{}');
      return new Response(JSON.stringify({ key: 'error.notFound' }), { status: 404 });
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      // kept in the order sent; the body is read later
      const beacon: Record<string, unknown> = { url, type: body.type };
      beacons.push(beacon);
      void body.text().then((t) => Object.assign(beacon, JSON.parse(t)));
      return true;
    },
  });
  return { asked, beacons };
}

function browser(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => languages });
}

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
const button = (name: RegExp) =>
  [...root.querySelectorAll('button')].find((b) => name.test(b.getAttribute('aria-label') ?? b.textContent ?? ''))!;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('style'); // the widget's colours, set by an earlier test
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

describe('frame language', () => {
  it('shows ?lang= when the widget offers it', async () => {
    browser(['en-US']);
    const api = serve(['de', 'en']);
    render(<FrameApp path={`/w/${ID}`} search="?lang=de" />, root);
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Tips de'));
    expect(api.asked).toEqual(['de']);
    expect(root.textContent).toContain('Liste'); // the frame's own words in German
    expect(root.querySelector('.sl-sub')!.textContent).toBe('Café · München');
    await until(() => expect(document.documentElement.lang).toBe('de'));
  });

  it("falls back to the browser's language the widget offers, then to the widget's first", async () => {
    browser(['it-IT', 'en-GB']);
    const api = serve(['de', 'en']);
    render(<FrameApp path={`/w/${ID}`} search="?lang=fr" />, root);
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Tips en'));
    expect(api.asked).toEqual(['fr', 'en']);

    render(null, root);
    browser(['ja']);
    const api2 = serve(['de', 'en']);
    render(<FrameApp path={`/w/${ID}`} search="" />, root);
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Tips de'));
    expect(api2.asked).toEqual(['ja']);
  });

  it('switches to another offered language, counting the view once', async () => {
    browser(['de']);
    const api = serve(['de', 'en', 'fr']);
    render(<FrameApp path={`/w/${ID}`} search="" />, root);
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Tips de'));
    const select = root.querySelector('select')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Deutsch', 'English', 'Français']);
    select.value = 'fr';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Tips fr'));
    expect(root.textContent).toContain('Carte');
    await until(() => expect(api.beacons).toEqual([{ url: `/api/public/widget/${ID}/event`, type: 'text/plain', event: 'view' }]));
  });
});

describe('frame views, events and likes', () => {
  it('opens a place (open event), counts its website link (click event), shows only safe links', async () => {
    browser(['en']);
    const api = serve(['en']);
    render(<FrameApp path={`/w/${ID}`} search="" />, root);
    await until(() => expect(root.querySelectorAll('.sl-item')).toHaveLength(2));
    await until(() => expect(document.documentElement.style.getPropertyValue('--sl-primary')).toBe('#aa0000'));

    button(/^Café Eins$/).click();
    await until(() => expect(root.querySelector('.sl-detail h2')!.textContent).toBe('Café Eins'));
    await until(() => expect(document.activeElement).toBe(root.querySelector('.sl-detail h2')));
    const site = root.querySelector<HTMLAnchorElement>('.sl-detail a[target=_blank]')!;
    expect(site.href).toBe('https://example.com/cafe');
    expect(site.rel).toContain('noopener');
    expect(root.querySelector<HTMLAnchorElement>('a[href^="tel:"]')!.getAttribute('href')).toBe('tel:+49891234');
    site.addEventListener('click', (e) => e.preventDefault());
    site.click();
    await until(() =>
      expect(api.beacons.map((b: any) => [b.event, b.placeId])).toEqual([
        ['view', undefined],
        ['open', 1],
        ['click', 1],
      ]),
    );

    button(/^← Back$/).click();
    await until(() => expect(root.querySelectorAll('.sl-item')).toHaveLength(2));
    button(/^Bar Zwei$/).click();
    await until(() => expect(root.querySelector('.sl-detail h2')!.textContent).toBe('Bar Zwei'));
    expect(root.querySelector('.sl-detail a[target=_blank]')).toBeNull(); // javascript: never becomes a link
  });

  it("counts nothing in the business's own preview (?preview): no view, no open", async () => {
    browser(['en']);
    const api = serve(['en']);
    render(<FrameApp path={`/w/${ID}`} search="?lang=en&preview=1" />, root);
    await until(() => expect(root.querySelectorAll('.sl-item')).toHaveLength(2));
    button(/^Café Eins$/).click();
    await until(() => expect(root.querySelector('.sl-detail h2')!.textContent).toBe('Café Eins'));
    // what a visitor's view and open would have sent by now (the test above)
    await new Promise((r) => setTimeout(r, 50));
    expect(api.beacons).toEqual([]);
  });

  it('likes without an account: the heart fills once the guest exists', async () => {
    browser(['en']);
    serve(['en']);
    render(<FrameApp path={`/w/${ID}`} search="" />, root);
    await until(() => expect(root.querySelectorAll('.sl-item')).toHaveLength(2));
    const like = button(/^Like: Café Eins$/);
    expect(like.getAttribute('aria-pressed')).toBe('false');
    like.click();
    await until(() => expect(button(/^Remove like: Café Eins$/).getAttribute('aria-pressed')).toBe('true'));
    await until(() => expect(localStorage.getItem('spotlist.guest')).toBe(JSON.stringify({ guestKey: 'k-0123456789abcdef' })));
    const calls = (fetch as unknown as { mock: { calls: [string, RequestInit?][] } }).mock.calls.map(
      ([u, i]) => `${i?.method ?? 'GET'} ${u}`,
    );
    expect(calls).toContain('POST /api/public/guest');
    const created = (fetch as unknown as { mock: { calls: [string, RequestInit?][] } }).mock.calls.find(
      ([u]) => u === '/api/public/guest',
    )!;
    expect(JSON.parse(created[1]!.body as string)).toEqual({ widget: ID });
    expect(calls).toContain('POST /api/public/guest/like');
  });

  it('undoes a like the server refuses and says so', async () => {
    browser(['en']);
    serve(['en']);
    localStorage.setItem('spotlist.guest', JSON.stringify({ guestKey: 'k-0123456789abcdef' }));
    const real = fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        url === '/api/public/guest/like' ? Promise.resolve(new Response('{"key":"error.server"}', { status: 503 })) : real(url, init),
      ),
    );
    render(<FrameApp path={`/w/${ID}`} search="" />, root);
    await until(() => expect(root.querySelectorAll('.sl-item')).toHaveLength(2));
    button(/^Like: Bar Zwei$/).click();
    await until(() => expect(root.querySelector('[role=alert]')).not.toBeNull());
    expect(button(/^Like: Bar Zwei$/).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('frame loading', () => {
  it('says it could not load, and a retry loads the widget', async () => {
    browser(['en-US']);
    serve(['en']);
    const working = globalThis.fetch;
    let failures = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (failures > 0 && url.startsWith('/api/public/widget/')) {
          failures--;
          return new Response(JSON.stringify({ key: 'error.unavailable' }), { status: 503 });
        }
        return working(url, init);
      }),
    );
    render(<FrameApp path={`/w/${ID}`} search="" />, root);
    await until(() => expect(root.querySelector('[role="alert"]')!.textContent).toContain('Could not load.'));
    expect(root.querySelector('h1')).toBeNull();
    button(/^Try again$/).click();
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Tips en'));
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows "Loading…" until the answer arrives', async () => {
    browser(['en-US']);
    serve(['en']);
    const working = globalThis.fetch;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/public/widget/')) await gate;
        return working(url, init);
      }),
    );
    render(<FrameApp path={`/w/${ID}`} search="" />, root);
    await until(() => expect(root.querySelector('[role="status"]')!.textContent).toBe('Loading…'));
    release();
    await until(() => expect(root.querySelector('h1')!.textContent).toBe('Tips en'));
  });
});
