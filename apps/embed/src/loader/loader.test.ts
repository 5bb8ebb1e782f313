import { embedSnippet } from '@spotlist/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HEIGHT_MESSAGE } from '../lib/messages.ts';
import { attachLoader } from './loader.ts';

const ORIGIN = 'https://spot.example';

function script(src = `${ORIGIN}/embed.js`): HTMLScriptElement {
  const s = document.createElement('script');
  s.src = src;
  return s;
}

const frames = () => [...document.querySelectorAll('iframe')];

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

beforeEach(() => {
  document.body.innerHTML = `
    <div id="a" data-spotlist-widget="AbCdEfGh12" data-lang="de"></div>
    <div id="b" data-spotlist-widget="ZyXwVuTs98" data-title="Our tips"></div>
    <div id="bad" data-spotlist-widget="x/../../admin"></div>`;
});
afterEach(() => {
  delete window.SpotlistEmbed;
  document.body.innerHTML = '';
});

describe('embed loader', () => {
  it("inserts one lazy, titled, full-width frame per element, from the script's own origin", () => {
    attachLoader(window, script());
    const [a, b] = frames();
    expect(frames()).toHaveLength(2);
    expect(a.parentElement!.id).toBe('a');
    expect(a.src).toBe(`${ORIGIN}/w/AbCdEfGh12?lang=de`);
    expect(a.getAttribute('loading')).toBe('lazy');
    expect(a.title).toBe('Spotlist');
    expect(a.style.width).toBe('100%');
    expect(b.src).toBe(`${ORIGIN}/w/ZyXwVuTs98`);
    expect(b.title).toBe('Our tips');
    // an id that is no publicId gets no frame
    expect(document.querySelector('#bad iframe')).toBeNull();
  });

  it('resizes a frame only on height messages from its origin and from that frame', () => {
    attachLoader(window, script());
    const [a, b] = frames();
    const start = a.style.height;

    post({ type: HEIGHT_MESSAGE, height: 700 }, 'https://evil.example', a.contentWindow);
    expect(a.style.height).toBe(start);
    post({ type: 'other', height: 700 }, ORIGIN, a.contentWindow);
    expect(a.style.height).toBe(start);
    post({ type: HEIGHT_MESSAGE, height: 'tall' }, ORIGIN, a.contentWindow);
    expect(a.style.height).toBe(start);

    post({ type: HEIGHT_MESSAGE, height: 700.2 }, ORIGIN, a.contentWindow);
    expect(a.style.height).toBe('701px');
    expect(b.style.height).toBe(start); // the other frame keeps its height

    post({ type: HEIGHT_MESSAGE, height: 10 }, ORIGIN, b.contentWindow);
    expect(b.style.height).toBe('120px'); // clamped
  });

  it('leaks one global, and a second copy of the script adds no second frame', () => {
    const before = new Set(Object.keys(window));
    const api = attachLoader(window, script())!;
    expect(Object.keys(window).filter((k) => !before.has(k))).toEqual(['SpotlistEmbed']);
    expect(attachLoader(window, script())).toBe(api);
    expect(frames()).toHaveLength(2);

    const late = document.createElement('div');
    late.setAttribute('data-spotlist-widget', 'LateLate01');
    document.body.append(late);
    window.SpotlistEmbed!.scan();
    expect(frames()).toHaveLength(3);
    expect(late.querySelector('iframe')!.src).toBe(`${ORIGIN}/w/LateLate01`);
  });

  it('works with exactly the snippet a business copies', () => {
    document.body.innerHTML = `<p>Our tips</p>${embedSnippet(`${ORIGIN}/`, 'Snippet001', 'fr')}`;
    attachLoader(window, document.querySelector('script'));
    expect(frames().map((f) => f.src)).toEqual([`${ORIGIN}/w/Snippet001?lang=fr`]);
  });
});
