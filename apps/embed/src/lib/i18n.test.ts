import { APP_LANGUAGES, PLACE_CATEGORIES } from '@spotlist/contracts';
import { describe, expect, it } from 'vitest';
import { browserLanguages, categoryName, DICTIONARY, KEYS, languageName, pickLanguage, translator, uiLanguage } from './i18n.ts';

describe('language choice', () => {
  it('takes ?lang= when offered, then the browser languages, then the first offered', () => {
    expect(pickLanguage(['de', 'en', 'fr'], 'fr', ['de'])).toBe('fr');
    expect(pickLanguage(['de', 'en'], 'FR', ['it', 'en', 'de'])).toBe('en');
    expect(pickLanguage(['de', 'en'], null, ['en', 'de'])).toBe('en');
    expect(pickLanguage(['de', 'en'], '', ['es'])).toBe('de');
  });

  it('asks for ?lang=, else the browser language, before the offered languages are known', () => {
    expect(pickLanguage([], 'it', ['de'])).toBe('it');
    expect(pickLanguage([], null, ['pl', 'en'])).toBe('pl');
    expect(pickLanguage([], null, [])).toBe('en');
  });

  it("reads the browser's languages as two-letter codes, best first, once each", () => {
    expect(browserLanguages({ language: 'de-AT', languages: ['de-AT', 'de', 'en-US'] })).toEqual(['de', 'en']);
    expect(browserLanguages({ language: 'fr-CA', languages: [] })).toEqual(['fr']);
  });
});

describe('UI words', () => {
  it('has every word in every app language', () => {
    expect(Object.keys(DICTIONARY).sort()).toEqual([...APP_LANGUAGES].sort());
    for (const [lang, line] of Object.entries(DICTIONARY)) {
      const words = line.split('|');
      expect(words, lang).toHaveLength(KEYS.length);
      for (const w of words) expect(w.trim(), lang).not.toBe('');
    }
  });

  it('speaks the content language when the app does, else English', () => {
    expect(translator(uiLanguage('de'))('back')).toBe('Zurück');
    expect(translator(uiLanguage('ja'))('back')).toBe('Back');
    expect(translator('da')('map')).toBe('Kort');
  });

  it('names every place category of the contracts', () => {
    // every category has a word of its own in every language (the dictionary lines are complete)
    for (const lang of APP_LANGUAGES)
      for (const c of PLACE_CATEGORIES) expect(categoryName(translator(lang), c)).toMatch(/^\S.*[^\s]$|^\S$/);
    for (const lang of APP_LANGUAGES)
      for (const c of PLACE_CATEGORIES) {
        const name = categoryName(translator(lang), c);
        expect(typeof name).toBe('string');
        expect(name).not.toBe(c);
      }
    expect(categoryName(translator('de'), 'market')).toBe('Markt');
    expect(categoryName(translator('en'), 'cafe')).toBe('Café');
    expect(categoryName(translator('en'), 'spaceport')).toBe('spaceport');
  });

  it('names a language in itself', () => {
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('fr')).toBe('Français');
  });
});

describe('the chat entry', () => {
  it('names the business in every app language', () => {
    for (const lang of APP_LANGUAGES) expect(translator(lang)('chat'), lang).toContain('{name}');
    expect(translator('en')('chat').replace('{name}', 'Hotel Adler')).toBe('Message Hotel Adler');
  });
});
