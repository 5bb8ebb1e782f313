import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n';
import { getCurrentLanguage } from './language';
import { queryClient } from './query-client';

describe('answers follow the app language', () => {
  // what a page asks while the session check switches the language (SPEC §4)
  const observe = (key: string, queryFn: () => Promise<string>) => {
    const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    return { observer, unsubscribe };
  };

  it('asks a first fetch still on its way again in the new language, and keeps the new answer', async () => {
    const asked: string[] = [];
    let answerFirst!: () => void;
    const { observer, unsubscribe } = observe('language-first-fetch', async () => {
      const lang = getCurrentLanguage();
      asked.push(lang);
      if (asked.length === 1) await new Promise<void>((r) => (answerFirst = r));
      return lang;
    });
    await waitFor(() => expect(asked).toEqual(['en']));
    await changeLanguage('de');
    answerFirst(); // the English answer arrives after the switch
    await waitFor(() => expect(observer.getCurrentResult().data).toBe('de'));
    expect(asked).toEqual(['en', 'de']);
    expect(observer.getCurrentResult().isError).toBe(false);
    unsubscribe();
  });

  it('asks an answer on screen again in the new language', async () => {
    const asked: string[] = [];
    const { observer, unsubscribe } = observe('language-on-screen', async () => {
      asked.push(getCurrentLanguage());
      return getCurrentLanguage();
    });
    await waitFor(() => expect(observer.getCurrentResult().data).toBe('en'));
    await changeLanguage('fr');
    await waitFor(() => expect(observer.getCurrentResult().data).toBe('fr'));
    expect(asked).toEqual(['en', 'fr']);
    unsubscribe();
  });
});
