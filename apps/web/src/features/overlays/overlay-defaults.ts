import type { OverlayContentInput, OverlayFormat, OverlaySettingsInput } from '@spotlist/contracts';

/** The viewer's time zone (the schedule's default): the business types local times where it is. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * A new overlay: every page of the website, after 3 seconds, once per visit, no schedule; its first
 * language's draft carries the name as its title. All of it is changed in the editor.
 */
export function newOverlay(
  name: string,
  format: OverlayFormat,
  language: string,
): OverlaySettingsInput & { language: string; content: OverlayContentInput } {
  return {
    name,
    format,
    where: { guestApp: false, widgetIds: [], urlPatterns: ['/*'] },
    trigger: { kind: 'load', delaySeconds: 3 },
    frequency: { kind: 'session' },
    schedule: { from: null, until: null, timeZone: localTimeZone() },
    fallback: [],
    language,
    content: { title: name, html: '', imageDocumentId: null, buttons: [] },
  };
}
