import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import isoCountries from 'i18n-iso-countries';
import { ADMINISTRATOR_ROLE_KEY, BUILT_IN_ROLES, FALLBACK_INDUSTRIES } from '@spotlist/contracts';
import type { Db } from '../client.ts';
import {
  academicTitles,
  clients,
  contacts,
  countries,
  documentTemplateCategories,
  industries,
  languages,
  salutations,
  securityRoles,
  seedStates,
  timeZones,
} from '../schema/index.ts';

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

/**
 * Every ISO 3166-1 country: id = numeric code, key = alpha-2 lower case, countrykey = alpha-2
 * upper case (SPEC §3 fallbacks Germany 276 'de', Austria 40 'at', Switzerland 756 'ch').
 */
export const COUNTRY_ROWS = Object.entries(isoCountries.getNumericCodes())
  .map(([numeric, alpha2]) => ({
    id: Number(numeric),
    key: alpha2.toLowerCase(),
    countrykey: alpha2,
    name: isoCountries.getName(alpha2, 'en') ?? alpha2,
  }))
  .sort((a, b) => a.id - b.id);

export const SALUTATION_ROWS = [
  { id: 1, key: 'mr', name: 'Mr' },
  { id: 2, key: 'ms', name: 'Ms' },
  { id: 3, key: 'diverse', name: 'Mx' },
];
export const ACADEMIC_TITLE_ROWS = [
  { id: 1, key: 'dr', name: 'Dr.' },
  { id: 2, key: 'prof', name: 'Prof.' },
  { id: 3, key: 'profdr', name: 'Prof. Dr.' },
];
/** Contact categories: what a contact request is about. */
export const CONTACT_ROWS = [
  { id: 1, key: 'general', name: 'General question' },
  { id: 2, key: 'support', name: 'Support' },
  { id: 3, key: 'sales', name: 'Sales' },
  { id: 4, key: 'partnership', name: 'Partnership' },
  { id: 5, key: 'press', name: 'Press' },
  { id: 6, key: 'privacy', name: 'Privacy' },
];
export const DOCUMENT_TEMPLATE_CATEGORY_ROWS = [
  { id: 1, key: 'letter', name: 'Letter' },
  { id: 2, key: 'invoice', name: 'Invoice' },
  { id: 3, key: 'offer', name: 'Offer' },
  { id: 4, key: 'contract', name: 'Contract' },
  { id: 5, key: 'voucher', name: 'Voucher' },
  { id: 6, key: 'other', name: 'Other' },
];

/** IANA time zones of this runtime (plus UTC). Ids come from the table; a zone keeps its id. */
export const timeZoneNames = (): string[] => [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort();

type KeyedTable = PgTable & { id: PgColumn; key: PgColumn; name: PgColumn };

/** Upserts rows with fixed ids; then moves the identity past them so admin additions do not collide. */
async function upsertFixed(db: Db, table: KeyedTable, tableName: string, rows: { id: number; key: string; name: string }[]) {
  await db
    .insert(table)
    .overridingSystemValue()
    .values(rows)
    .onConflictDoUpdate({ target: table.id, set: { key: sql`excluded.key`, name: sql`excluded.name` } });
  await db.execute(sql`select setval(pg_get_serial_sequence(${tableName}, 'id'), (select max(id) from ${sql.identifier(tableName)}))`);
}

export const DEFAULT_CLIENT_DOMAIN = 'spotlist.app';
export const ADMIN_ROLE_KEY = ADMINISTRATOR_ROLE_KEY;

/** Raise when seedReference writes something its rows do not show, so every database gets it once more. */
const REFERENCE_SEED_VERSION = 1;

/** The fingerprint of everything seedReference writes: its rows, this runtime's time zones, the seed's version. */
export function referenceFingerprint(): string {
  const rows = {
    version: REFERENCE_SEED_VERSION,
    languages: LANGUAGE_ROWS,
    industries: FALLBACK_INDUSTRIES,
    countries: COUNTRY_ROWS,
    salutations: SALUTATION_ROWS,
    academicTitles: ACADEMIC_TITLE_ROWS,
    contacts: CONTACT_ROWS,
    documentTemplateCategories: DOCUMENT_TEMPLATE_CATEGORY_ROWS,
    timeZones: timeZoneNames(),
    roles: BUILT_IN_ROLES,
  };
  return crypto.createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/**
 * Reference data with the ids the spec fixes; run at every start. A database whose recorded
 * fingerprint matches these rows is left as it is (one query instead of some 700 upserted rows,
 * 0.3 s of every start); otherwise all of it is written in one transaction with the new fingerprint.
 */
export async function seedReference(db: Db): Promise<void> {
  const fingerprint = referenceFingerprint();
  const [state] = await db.select({ fingerprint: seedStates.fingerprint }).from(seedStates).where(eq(seedStates.name, 'reference'));
  if (state?.fingerprint === fingerprint) return;
  await db.transaction(async (tx) => {
    await writeReference(tx as unknown as Db);
    await tx
      .insert(seedStates)
      .values({ name: 'reference', fingerprint })
      .onConflictDoUpdate({ target: seedStates.name, set: { fingerprint, updatedAt: new Date() } });
  });
}

async function writeReference(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values(LANGUAGE_ROWS)
    .onConflictDoUpdate({
      target: languages.id,
      set: { key: sql`excluded.key`, isocode: sql`excluded.isocode`, name: sql`excluded.name` },
    });
  await db
    .insert(industries)
    .values(FALLBACK_INDUSTRIES)
    .onConflictDoUpdate({ target: industries.id, set: { key: sql`excluded.key`, hasrooms: sql`excluded.hasrooms` } });
  await db
    .insert(countries)
    .values(COUNTRY_ROWS)
    .onConflictDoUpdate({
      target: countries.id,
      set: { key: sql`excluded.key`, countrykey: sql`excluded.countrykey`, name: sql`excluded.name` },
    });
  await upsertFixed(db, salutations, 'salutations', SALUTATION_ROWS);
  await upsertFixed(db, academicTitles, 'academic_titles', ACADEMIC_TITLE_ROWS);
  await upsertFixed(db, contacts, 'contacts', CONTACT_ROWS);
  await upsertFixed(db, documentTemplateCategories, 'document_template_categories', DOCUMENT_TEMPLATE_CATEGORY_ROWS);
  await db
    .insert(timeZones)
    .values(timeZoneNames().map((key) => ({ key, name: key })))
    .onConflictDoNothing({ target: timeZones.key });
  await db.insert(clients).values({ name: 'Spotlist', domain: DEFAULT_CLIENT_DOMAIN }).onConflictDoNothing();
  // the built-in roles follow the code at every start (a new permission reaches the administrator)
  await db
    .insert(securityRoles)
    .values(BUILT_IN_ROLES.map((r) => ({ key: r.key, name: r.name, permissions: [...r.permissions] })))
    .onConflictDoUpdate({ target: securityRoles.key, set: { name: sql`excluded.name`, permissions: sql`excluded.permissions` } });
}
