import { describe, expect, it } from 'vitest';
import { zonedToInstant } from '../../lib/time-zone.ts';
import { languageState, scheduledAt, shownLanguage } from './overlays.service.ts';
import { matchesPage } from './url-patterns.ts';

describe('page patterns', () => {
  it('match a path with * for any characters, optionally on a host, ignoring query, fragment and a trailing slash', () => {
    expect(matchesPage('/rooms/*', 'https://hotel.example/rooms/12?x=1#top')).toBe(true);
    expect(matchesPage('/rooms/*', 'https://hotel.example/rooms')).toBe(false);
    expect(matchesPage('/rooms/*', 'https://hotel.example/spa/rooms/1')).toBe(false);
    expect(matchesPage('/*', 'https://hotel.example/')).toBe(true);
    expect(matchesPage('/spa', 'https://hotel.example/spa/')).toBe(true);
    expect(matchesPage('/spa', 'https://hotel.example/spa/sauna')).toBe(false);
    expect(matchesPage('Hotel.Example/spa', 'https://hotel.example/spa')).toBe(true);
    expect(matchesPage('hotel.example/spa', 'https://other.example/spa')).toBe(false);
    expect(matchesPage('/*/offers/*-winter', 'https://hotel.example/de/offers/ski-winter')).toBe(true);
    expect(matchesPage('/zimmer/über', 'https://hotel.example/zimmer/%C3%BCber')).toBe(true);
    expect(matchesPage('/rooms/*', 'not a url')).toBe(false);
    // the embed sends the page without its scheme (host and path)
    expect(matchesPage('/rooms/*', 'hotel.example/rooms/12')).toBe(true);
    expect(matchesPage('hotel.example:8080/rooms/*', 'hotel.example:8080/rooms/12')).toBe(true);
    expect(matchesPage('hotel.example/spa', 'other.example/spa')).toBe(false);
  });

  it('a pattern of many stars against a long path does not backtrack for ever', () => {
    const pattern = `/${'a*'.repeat(240)}b`;
    const page = `https://hotel.example/${'a'.repeat(3000)}`;
    const started = performance.now();
    expect(matchesPage(pattern, page)).toBe(false);
    // linear-ish work: a backtracking regular expression takes minutes here
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('languages and schedule', () => {
  it('shows the visitor’s language, else the fallback chain, else the first published', () => {
    expect(shownLanguage(['de', 'en'], 'en', ['de'])).toBe('en');
    expect(shownLanguage(['de', 'en'], 'hr', ['de', 'en'])).toBe('de');
    expect(shownLanguage(['en'], 'hr', ['de', 'en'])).toBe('en');
    expect(shownLanguage(['fr'], null, [])).toBe('fr');
    expect(shownLanguage([], 'en', ['en'])).toBeNull();
  });

  it('tells a language draft, published or changed since publishing', () => {
    const c = (title: string) => ({ title, html: '', imageDocumentId: null, buttons: [] });
    expect(languageState({ draft: c('a'), published: null })).toBe('draft');
    expect(languageState({ draft: c('a'), published: c('a') })).toBe('published');
    expect(languageState({ draft: c('b'), published: c('a') })).toBe('changed');
  });

  it('reads the schedule’s local times in its time zone, across daylight saving time', () => {
    expect(zonedToInstant('2026-12-24T18:00', 'Europe/Berlin').toISOString()).toBe('2026-12-24T17:00:00.000Z');
    expect(zonedToInstant('2026-07-01T09:30', 'Europe/Berlin').toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(zonedToInstant('2026-07-01T09:30', 'America/New_York').toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedToInstant('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedToInstant('2026-10-25T02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    const at = new Date('2026-12-01T12:00:00Z');
    expect(scheduledAt({ startsAt: null, endsAt: null }, at)).toBe(true);
    expect(scheduledAt({ startsAt: new Date('2026-12-02T00:00:00Z'), endsAt: null }, at)).toBe(false);
    expect(scheduledAt({ startsAt: null, endsAt: at }, at)).toBe(false);
  });
});
