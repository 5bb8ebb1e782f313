import { sql } from 'drizzle-orm';
import { FALLBACK_INDUSTRIES } from '@spotlist/contracts';
import type { Db } from '../client.ts';
import { clients, industries, languages, securityRoles } from '../schema/index.ts';

/** SPEC §9: ids 1 English and 2 German are fixed; the other app languages follow. */
export const LANGUAGE_ROWS = [
  { id: 1, key: 'en', isocode: 'en-US', name: 'English' },
  { id: 2, key: 'de', isocode: 'de-DE', name: 'Deutsch' },
  { id: 3, key: 'es', isocode: 'es-ES', name: 'Español' },
  { id: 4, key: 'fr', isocode: 'fr-FR', name: 'Français' },
  { id: 5, key: 'hr', isocode: 'hr-HR', name: 'Hrvatski' },
  { id: 6, key: 'hu', isocode: 'hu-HU', name: 'Magyar' },
  { id: 7, key: 'it', isocode: 'it-IT', name: 'Italiano' },
  { id: 8, key: 'pl', isocode: 'pl-PL', name: 'Polski' },
  { id: 9, key: 'pt', isocode: 'pt-BR', name: 'Português' },
  { id: 10, key: 'ru', isocode: 'ru-RU', name: 'Русский' },
  { id: 11, key: 'tr', isocode: 'tr-TR', name: 'Türkçe' },
  { id: 12, key: 'nl', isocode: 'nl-NL', name: 'Nederlands' },
  { id: 13, key: 'da', isocode: 'da-DK', name: 'Dansk' },
];

export const DEFAULT_CLIENT_DOMAIN = 'spotlist.app';
export const ADMIN_ROLE_KEY = 'admin';

/** Reference data with the ids the spec fixes; safe to run on every start. */
export async function seedReference(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values(LANGUAGE_ROWS)
    .onConflictDoUpdate({ target: languages.id, set: { key: sql`excluded.key`, isocode: sql`excluded.isocode`, name: sql`excluded.name` } });
  await db
    .insert(industries)
    .values(FALLBACK_INDUSTRIES)
    .onConflictDoUpdate({ target: industries.id, set: { key: sql`excluded.key`, hasrooms: sql`excluded.hasrooms` } });
  await db.insert(clients).values({ name: 'Spotlist', domain: DEFAULT_CLIENT_DOMAIN }).onConflictDoNothing();
  await db
    .insert(securityRoles)
    .values({ key: ADMIN_ROLE_KEY, name: 'Administrator', permissions: ['admin'] })
    .onConflictDoNothing();
}
