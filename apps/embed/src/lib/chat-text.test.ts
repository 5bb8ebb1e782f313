import { APP_LANGUAGES } from '@spotlist/contracts';
import { describe, expect, it } from 'vitest';
import { CHAT_DICTIONARY, CHAT_KEY_LIST, chatTranslator } from './chat-i18n.ts';
import { dayLabel, linkParts, timeLabel } from './chat-text.ts';

describe('links in chat text', () => {
  it('makes http(s) addresses links and leaves everything else text', () => {
    expect(linkParts('Menu: https://sonne.example/menu?x=1&y=2, ask at the desk.')).toEqual([
      'Menu: ',
      { href: 'https://sonne.example/menu?x=1&y=2', text: 'https://sonne.example/menu?x=1&y=2' },
      ', ask at the desk.',
    ]);
    expect(linkParts('(see http://a.example/b_(c))')).toEqual([
      '(see ',
      { href: 'http://a.example/b_(c)', text: 'http://a.example/b_(c)' },
      ')',
    ]);
    expect(linkParts('Two: https://a.example and https://b.example!')).toEqual([
      'Two: ',
      { href: 'https://a.example/', text: 'https://a.example' },
      ' and ',
      { href: 'https://b.example/', text: 'https://b.example' },
      '!',
    ]);
  });

  it('never links other schemes, markup or half words', () => {
    for (const text of [
      'javascript:alert(1)',
      '<img src=x onerror=alert(1)>',
      'data:text/html,<script>alert(1)</script>',
      'xhttps://a.example',
      'ftp://a.example',
      'https://',
      'plain text',
    ])
      expect(linkParts(text), text).toEqual([text]);
    expect(linkParts('')).toEqual([]);
    // a quote ends the address: no attribute can be smuggled into the href
    expect(linkParts('<a href="https://a.example/x" onclick="y">')).toEqual([
      '<a href="',
      { href: 'https://a.example/x', text: 'https://a.example/x' },
      '" onclick="y">',
    ]);
  });
});

describe('chat times', () => {
  const now = new Date(2026, 4, 14, 15, 0);
  it('names today and yesterday, else the weekday and date, in the language', () => {
    expect(dayLabel(new Date(2026, 4, 14, 8, 30), 'de', now)).toBe('Heute');
    expect(dayLabel(new Date(2026, 4, 13, 23, 59), 'en', now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 4, 11, 9, 0), 'de', now)).toBe('Montag, 11. Mai');
    expect(dayLabel(new Date(2025, 11, 31, 9, 0), 'en', now)).toBe('Wednesday, December 31, 2025');
    expect(timeLabel(new Date(2026, 4, 14, 14, 5), 'de')).toBe('14:05');
    expect(timeLabel(new Date(2026, 4, 14, 14, 5), 'en')).toMatch(/^2:05\sPM$/);
  });
});

describe('chat words', () => {
  it('has every word in every app language, with the name where it belongs', () => {
    expect(Object.keys(CHAT_DICTIONARY).sort()).toEqual([...APP_LANGUAGES].sort());
    for (const [lang, line] of Object.entries(CHAT_DICTIONARY)) {
      const words = line.split('|');
      expect(words, lang).toHaveLength(CHAT_KEY_LIST.length);
      for (const w of words) expect(w.trim(), lang).not.toBe('');
      expect(chatTranslator(lang)('typing', 'Hotel Adler'), lang).toContain('Hotel Adler');
    }
    expect(chatTranslator('ja')('send')).toBe('Send');
  });
});
