import { APP_LANGUAGES } from '@spotlist/contracts';
import { describe, expect, it } from 'vitest';
import { SHUTTLE_DICTIONARY, SHUTTLE_KEY_LIST, shuttleTranslator } from './shuttle-i18n.ts';

const english = SHUTTLE_DICTIONARY.en.split('|');
const blanks = (text: string) => text.split('{x}').length - 1;

describe('shuttle words', () => {
  it('has a line for every app language', () => {
    expect(Object.keys(SHUTTLE_DICTIONARY).sort()).toEqual([...APP_LANGUAGES].sort());
  });

  it('has every word in every line, none empty', () => {
    for (const [lang, line] of Object.entries(SHUTTLE_DICTIONARY)) {
      const words = line.split('|');
      expect(words, lang).toHaveLength(SHUTTLE_KEY_LIST.length);
      for (const w of words) expect(w.trim(), lang).not.toBe('');
    }
  });

  it('keeps {x} exactly where English has it', () => {
    for (const [lang, line] of Object.entries(SHUTTLE_DICTIONARY))
      line.split('|').forEach((w, i) => expect(blanks(w), `${lang} ${SHUTTLE_KEY_LIST[i]}`).toBe(blanks(english[i])));
  });

  it('fills in {x} and speaks English for a language the app does not speak', () => {
    expect(shuttleTranslator('de')('updated', 'vor 12 Sek.')).toBe('Aktualisiert vor 12 Sek.');
    expect(shuttleTranslator('xx')('where')).toBe('Where is my shuttle?');
    expect(shuttleTranslator('xx')('away', '1.2 km')).toBe('1.2 km away');
  });
});
