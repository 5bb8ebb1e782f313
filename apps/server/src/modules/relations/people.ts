import { sql, type SQL } from 'drizzle-orm';
import type { Person } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';

/** Rows of `db.execute`, typed. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** SPEC §3 picturedocument: the id and the thumbnail URL (versioned by the file's hash), as users.repo answers it. */
export const pictureRef = (id: number | null, sha: string | null) =>
  id !== null && sha !== null ? { id: Number(id), urlThumb240: `/api/document/${id}/thumb?v=${sha.slice(0, 16)}` } : null;

/** The columns of a Person, for a query over `users u` joined to `documents pd` (the picture). */
export const PERSON_COLUMNS = sql.raw(
  `u.id as "personId", u.nickname, u.account_type as "accountType", u.city, u.picture_document_id as "pictureId", pd.sha256 as "pictureSha"`,
);
export const PERSON_PICTURE_JOIN = sql.raw(`left join documents pd on pd.id = u.picture_document_id`);

export interface PersonRow {
  personId: number;
  nickname: string;
  accountType: number;
  city: string | null;
  pictureId: number | null;
  pictureSha: string | null;
}

export const toPerson = (r: PersonRow): Person => ({
  id: Number(r.personId),
  nickname: r.nickname,
  accountType: { id: Number(r.accountType) },
  picturedocument: pictureRef(r.pictureId, r.pictureSha),
  city: r.city,
});

/** People by id, in one statement. */
export async function peopleById(db: Db, ids: readonly number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<PersonRow>(
    db,
    sql`select ${PERSON_COLUMNS} from users u ${PERSON_PICTURE_JOIN} where u.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.personId), toPerson(r)]));
}
