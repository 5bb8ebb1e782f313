import { screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { renderApp } from '../test/render-app';
import { server } from '../test/server';
import { appEvents } from './events';
import { changeLanguage, i18next } from './i18n';
import { mergeRemoteTranslations, remoteOverrides } from './remote-translations';

const local = { 'MENU.HELP': 'Help', 'MENU.LOGOUT': 'Log out' };

describe('remote translation merge rules (SPEC §7, §8)', () => {
  it('takes a text over a local text, and new texts', () => {
    expect(remoteOverrides(local, { 'MENU.HELP': 'Support', 'NEW.KEY': 'New' })).toEqual({ 'MENU.HELP': 'Support', 'NEW.KEY': 'New' });
  });

  it('ignores a value whose type conflicts with the local one', () => {
    expect(
      remoteOverrides(local, {
        'MENU.HELP': 42,
        'MENU.LOGOUT': { nested: 'x' },
        'MENU.X': ['a'],
        'MENU.Y': null,
        'MENU.Z': true,
      }),
    ).toEqual({});
  });

  it('reads nested objects as dotted keys where the local file has no value', () => {
    expect(remoteOverrides(local, { MENU: { HELP: 'Support', SUB: { ITEM: 'Item' } } })).toEqual({
      'MENU.HELP': 'Support',
      'MENU.SUB.ITEM': 'Item',
    });
  });

  it('drops keys that could reach a prototype or are not dotted words', () => {
    const remote = JSON.parse('{"__proto__": {"polluted": "yes"}, "A.constructor": "x", "a b": "x", "": "x", "OK": "fine"}') as unknown;
    expect(remoteOverrides(local, remote)).toEqual({ OK: 'fine' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores an answer that is not an object', () => {
    for (const answer of [null, 'text', 3, ['MENU.HELP'], undefined]) expect(remoteOverrides(local, answer)).toEqual({});
  });

  it('for any answer: only texts, and never over a local value of another type', () => {
    const localMixed: Record<string, unknown> = { A: 'text', B: 1, C: { D: 'x' } };
    fc.assert(
      fc.property(fc.jsonValue(), (answer) => {
        const out = remoteOverrides(localMixed, answer);
        for (const [key, value] of Object.entries(out)) {
          expect(typeof value).toBe('string');
          // own keys only: an answer may name 'toString', which every object inherits
          if (Object.hasOwn(localMixed, key)) expect(typeof localMixed[key]).toBe('string');
        }
      }),
    );
  });
});

describe('remote translations at start and on language change', () => {
  afterEach(() => {
    // put the local English texts back for the next test
    i18next.addResourceBundle('en', en);
  });

  it('merges the server texts over the local file when the language is applied', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/translation/:lang', ({ params }) => {
        asked.push(String(params.lang));
        return HttpResponse.json({ 'MENU.LOGOUT': 'Sign out', 'MENU.HELP': 7 });
      }),
    );
    await changeLanguage('en');
    await waitFor(() => expect(i18next.t('MENU.LOGOUT')).toBe('Sign out'));
    expect(i18next.t('MENU.HELP')).toBe('Help');
    expect(asked).toContain('en');
  });

  it('keeps the local texts, without an error toast, when the call fails', async () => {
    const seen = vi.fn();
    const off = appEvents.on('api-error', seen);
    server.use(http.get('/api/translation/:lang', () => HttpResponse.json({ key: 'error.unknown' }, { status: 500 })));
    expect(await mergeRemoteTranslations('en')).toBe(0);
    off();
    expect(i18next.t('MENU.LOGOUT')).toBe('Log out');
    expect(seen).not.toHaveBeenCalled();
  });

  it('counts what it merged', async () => {
    server.use(http.get('/api/translation/:lang', () => HttpResponse.json({ 'MENU.LOGOUT': 'Sign out', 'MENU.HELP': 'Support' })));
    expect(await mergeRemoteTranslations('en')).toBe(2);
    expect(i18next.t('MENU.HELP')).toBe('Support');
  });

  it('re-renders what is on screen when the texts arrive', async () => {
    server.use(http.get('/api/translation/:lang', () => HttpResponse.json({ 'LOGIN.HEADING': 'Good to see you' })));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Good to see you' })).toBeInTheDocument();
  });
});
