import { act, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next, useTranslation } from './translator';

const before = i18next.language;
afterEach(() => i18next.changeLanguage(before));

describe('translator', () => {
  it('looks keys up in the active language, with placeholders, and falls back to defaultValue or the key', () => {
    i18next.addResourceBundle('xx', { 'A.GREETING': 'Hello, {{name}}! {{ name }} has {{count}} places.', 'A.PLAIN': 'Plain' });
    i18next.changeLanguage('xx');
    expect(i18next.t('A.GREETING', { name: 'Pia', count: 3 })).toBe('Hello, Pia! Pia has 3 places.');
    expect(i18next.t('A.PLAIN')).toBe('Plain');
    expect(i18next.t('A.MISSING')).toBe('A.MISSING');
    expect(i18next.t('A.MISSING', { defaultValue: 'Hotels {{n}}', n: 2 })).toBe('Hotels 2');
    // a placeholder without a value is left empty, never "undefined"
    expect(i18next.t('A.GREETING', { count: 1 })).toBe('Hello, !  has 1 places.');
    expect(i18next.exists('A.PLAIN')).toBe(true);
    expect(i18next.exists('A.MISSING')).toBe(false);
  });

  it('inserts any value as text, once (no second interpolation of what it inserted)', () => {
    i18next.addResourceBundle('xx', { 'A.ECHO': '<{{value}}>' });
    i18next.changeLanguage('xx');
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(i18next.t('A.ECHO', { value })).toBe(`<${value}>`);
      }),
    );
  });

  it('merges bundles (later messages win) and tells the listeners', () => {
    const added = vi.fn();
    const changed = vi.fn();
    const offAdded = i18next.on('added', added);
    const offChanged = i18next.on('languageChanged', changed);
    i18next.addResourceBundle('yy', { 'B.ONE': 'one', 'B.TWO': 'two' });
    i18next.addResourceBundle('yy', { 'B.TWO': 'zwei' });
    expect(i18next.getResourceBundle('yy')).toEqual({ 'B.ONE': 'one', 'B.TWO': 'zwei' });
    expect(added).toHaveBeenCalledTimes(2);
    i18next.changeLanguage('yy');
    i18next.changeLanguage('yy');
    // the same language again is announced too (answers asked in another language are asked again)
    expect(changed).toHaveBeenCalledTimes(2);
    offAdded();
    offChanged();
    i18next.addResourceBundle('yy', { 'B.THREE': 'drei' });
    expect(added).toHaveBeenCalledTimes(2);
  });

  it('re-renders what shows a text when the language or the messages change', () => {
    i18next.addResourceBundle('en-x', { 'C.TITLE': 'Map' });
    i18next.addResourceBundle('de-x', { 'C.TITLE': 'Karte' });
    i18next.changeLanguage('en-x');
    function Title() {
      const { t } = useTranslation();
      return <h1>{t('C.TITLE')}</h1>;
    }
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Map');
    act(() => i18next.changeLanguage('de-x'));
    expect(screen.getByRole('heading').textContent).toBe('Karte');
    act(() => i18next.addResourceBundle('de-x', { 'C.TITLE': 'Landkarte' }));
    expect(screen.getByRole('heading').textContent).toBe('Landkarte');
  });
});
