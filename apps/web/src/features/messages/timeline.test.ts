import type { Message, MessagePage } from '@spotlist/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkParts } from './components/linkify';
import {
  addOlder,
  addPending,
  applyCatchUp,
  applyChange,
  failPending,
  fromPage,
  hasGap,
  isGap,
  mergeMessages,
  newClientId,
  nextAfter,
  resolvePending,
  shownItems,
  type PendingMessage,
  type Timeline,
} from './components/timeline';

const ME = 7;
const msg = (id: number, seq: number, rev = seq, extra: Partial<Message> = {}): Message => ({
  id,
  conversationId: 3,
  seq,
  rev,
  senderId: 5,
  text: `message ${id}`,
  placeId: null,
  listId: null,
  file: null,
  meeting: null,
  replyTo: null,
  clientId: null,
  createdAt: '2026-03-14T12:00:00Z',
  editedAt: null,
  deletedAt: null,
  ...extra,
});
const page = (list: Message[], rev: number, more = false): MessagePage => ({ list, rev, more });
const ids = (t: Timeline) => t.messages.map((m) => m.id);
const pending = (clientId: string, text: string): PendingMessage => ({
  clientId,
  draft: { text },
  replyTo: null,
  createdAt: '2026-03-14T12:00:00Z',
  state: 'sending',
});

describe('merging messages (no gaps, no duplicates)', () => {
  it('merges by id, the higher rev winning, ordered by seq', () => {
    const edited = msg(2, 2, 5, { text: 'edited', editedAt: '2026-03-14T12:05:00Z' });
    const merged = mergeMessages([msg(1, 1), msg(2, 2)], [msg(3, 3), edited, msg(2, 2, 2)]);
    expect(merged.map((m) => [m.id, m.rev, m.text])).toEqual([
      [1, 1, 'message 1'],
      [2, 5, 'edited'],
      [3, 3, 'message 3'],
    ]);
  });

  it('for any order and repetition of the same changes, the result is the same (by seq, the latest rev of each)', () => {
    const changes = [msg(1, 1, 1), msg(2, 2, 2), msg(3, 3, 3), msg(2, 2, 4, { text: 'edit' }), msg(1, 1, 5, { deletedAt: 'x', text: '' })];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: changes.length - 1 }), { minLength: 10, maxLength: 30 }), (order) => {
        const arrival = [...order, 0, 1, 2, 3, 4].map((i) => changes[i]!);
        const merged = arrival.reduce<Message[]>((list, m) => mergeMessages(list, [m]), []);
        expect(merged.map((m) => [m.id, m.rev])).toEqual([
          [1, 5],
          [2, 4],
          [3, 3],
        ]);
      }),
    );
  });

  it('a change right after the known rev moves it on; one further ahead is a gap until the catch-up', () => {
    let t = fromPage(page([msg(1, 1), msg(2, 2)], 2, true));
    expect(isGap(t.rev, msg(3, 3))).toBe(false);
    t = applyChange(t, msg(3, 3));
    expect(t.rev).toBe(3);
    expect(hasGap(t)).toBe(false);
    // rev 4 and 5 were missed: 6 is shown at once, the gap is known
    expect(isGap(t.rev, msg(6, 6))).toBe(true);
    t = applyChange(t, msg(6, 6));
    expect(ids(t)).toEqual([1, 2, 3, 6]);
    expect(t.rev).toBe(3);
    expect(hasGap(t)).toBe(true);
    // the catch-up (?after=3) answers 4, 5 and 6 again: merged once each
    t = applyCatchUp(t, page([msg(4, 4), msg(5, 5), msg(6, 6)], 6));
    expect(ids(t)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(t.rev).toBe(6);
    expect(hasGap(t)).toBe(false);
  });

  it('an event that arrives while the catch-up is on its way is not lost, nor shown twice', () => {
    let t = fromPage(page([msg(1, 1)], 1));
    t = applyChange(t, msg(4, 4));
    t = applyChange(t, msg(5, 5));
    // the catch-up answer only reached rev 4 (more: true): 5 stays ahead, the next request starts after 4
    const first = page([msg(2, 2), msg(3, 3), msg(4, 4)], 9, true);
    t = applyCatchUp(t, first);
    expect(t.rev).toBe(5);
    expect(nextAfter(1, first)).toBe(4);
    t = applyCatchUp(t, page([msg(5, 5)], 5));
    expect(ids(t)).toEqual([1, 2, 3, 4, 5]);
    expect(hasGap(t)).toBe(false);
  });

  it('an edit or a delete is a change too: it replaces the message and moves the rev', () => {
    let t = fromPage(page([msg(1, 1), msg(2, 2)], 2));
    t = applyChange(t, msg(1, 1, 3, { text: '', deletedAt: '2026-03-14T12:10:00Z' }));
    expect(t.messages[0]).toMatchObject({ id: 1, deletedAt: '2026-03-14T12:10:00Z', text: '' });
    expect(t.rev).toBe(3);
    // an old copy (a late answer) does not bring the text back
    t = applyChange(t, msg(1, 1, 1));
    expect(t.messages[0]!.deletedAt).not.toBeNull();
  });

  it('an older page is merged in front and says whether there are more; its rev moves nothing', () => {
    let t = fromPage(page([msg(51, 51), msg(52, 52)], 60, true));
    t = addOlder(t, page([msg(49, 49), msg(50, 50)], 70, false));
    expect(ids(t)).toEqual([49, 50, 51, 52]);
    expect(t.more).toBe(false);
    expect(t.rev).toBe(60);
  });
});

describe('my messages on their way', () => {
  it('shows a pending message until its answer replaces it, once', () => {
    let t = addPending(fromPage(page([msg(1, 1)], 1)), pending('c1-abcdefgh', 'Hello'));
    expect(shownItems(t).map((i) => i.kind)).toEqual(['message', 'pending']);
    t = resolvePending(t, 'c1-abcdefgh', msg(2, 2, 2, { senderId: ME, text: 'Hello' }), ME);
    expect(shownItems(t).map((i) => (i.kind === 'message' ? i.message.id : 'pending'))).toEqual([1, 2]);
  });

  it('the event of my message before the POST answer: shown once, then the answer changes nothing', () => {
    let t = addPending(fromPage(page([msg(1, 1)], 1)), pending('c1-abcdefgh', 'Hello'));
    const stored = msg(2, 2, 2, { senderId: ME, text: 'Hello' });
    t = applyChange(t, stored, ME);
    expect(shownItems(t)).toHaveLength(2);
    t = resolvePending(t, 'c1-abcdefgh', stored, ME);
    expect(shownItems(t)).toHaveLength(2);
    expect(t.pending).toEqual([]);
  });

  it('binds my message to its pending copy by clientId, whatever it says', () => {
    let t = addPending(fromPage(page([], 0)), pending('c1-abcdefgh', 'Same'));
    t = addPending(t, pending('c2-abcdefgh', 'Same'));
    // the second send arrives first: it is the second pending one that it replaces
    t = applyChange(t, msg(9, 1, 1, { senderId: ME, text: 'Same', clientId: 'c2-abcdefgh' }), ME);
    expect(t.pending.map((p) => [p.clientId, p.messageId])).toEqual([
      ['c1-abcdefgh', undefined],
      ['c2-abcdefgh', 9],
    ]);
    expect(shownItems(t).map((i) => (i.kind === 'message' ? i.message.id : i.pending.clientId))).toEqual([9, 'c1-abcdefgh']);
  });

  it('a failure shows "not sent", unless the server had stored it (its event came)', () => {
    let t = addPending(fromPage(page([], 0)), pending('c1-abcdefgh', 'Hello'));
    t = addPending(t, pending('c2-abcdefgh', 'Again'));
    t = failPending(t, 'c1-abcdefgh');
    expect(t.pending[0]!.state).toBe('failed');
    t = applyChange(t, msg(9, 1, 1, { senderId: ME, text: 'Again' }), ME);
    t = failPending(t, 'c2-abcdefgh');
    expect(t.pending.map((p) => p.clientId)).toEqual(['c1-abcdefgh']);
    expect(shownItems(t)).toHaveLength(2);
  });

  it('makes client ids the server accepts', () => {
    for (let i = 0; i < 20; i++) expect(newClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('links in plain text', () => {
  it('links http(s) addresses, leaves the sentence around them as text', () => {
    expect(linkParts('See https://example.com/a?b=1. And (http://x.example/p) too!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. And (' },
      { kind: 'link', text: 'http://x.example/p', href: 'http://x.example/p' },
      { kind: 'text', text: ') too!' },
    ]);
    expect(linkParts('https://en.wikipedia.org/wiki/Foo_(bar)')).toEqual([
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
    ]);
  });

  it('never links another scheme, and keeps markup as text', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      '<img src=x onerror=alert(1)>',
      'ftp://x.example',
      'www.example.com',
    ])
      expect(linkParts(text)).toEqual([{ kind: 'text', text }]);
  });

  it('gives back the whole text, whatever it is', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.webUrl(), fc.string({ maxLength: 50 }), (a, url, b) => {
        const text = `${a} ${url} ${b}`;
        const parts = linkParts(text);
        expect(parts.map((p) => p.text).join('')).toBe(text);
        for (const p of parts) if (p.kind === 'link') expect(p.href).toMatch(/^https?:\/\//);
      }),
      { numRuns: 50 },
    );
  });
});
