import { sql } from 'drizzle-orm';
import { ErrorKey, RelationType, type PublicProfile } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { listReadableByAliasSql } from '../../platform/db/place-sql.ts';
import { visibleToSql } from '../../platform/db/relation-sql.ts';
import { pictureRef, rowsOf } from './people.ts';
import type { RelationsService } from './relations.service.ts';

/** Lists shown on a profile, newest change first. */
const PROFILE_LISTS_MAX = 50;

/**
 * GET /api/user/profile/{id} (SPEC §3 user profile): another user as the viewer may see them. The
 * name follows its visibility level, the lists follow theirs (both in the SQL: nothing of either
 * across a block). Their block of the viewer or a locked account answers 404 as if there were no
 * such user; the viewer's own block of them shows the bare profile, to unblock from. Visitors
 * without an account (viewer 0) see what is public.
 */
export function publicProfileService(db: Db, relations: RelationsService) {
  return {
    async view(id: number, viewer: number): Promise<PublicProfile> {
      const u = sql`u.id`;
      const rows = await rowsOf<{
        id: number;
        nickname: string;
        accountType: number;
        city: string | null;
        description: string | null;
        homepageUrl: string | null;
        bloggertype: string | null;
        firstname: string;
        lastname: string;
        nameVisible: boolean;
        countryKey: string | null;
        industryId: number | null;
        industryKey: string | null;
        pictureId: number | null;
        pictureSha: string | null;
        logoId: number | null;
        logoSha: string | null;
        friends: number;
        followers: number;
      }>(
        db,
        sql`select u.id, u.nickname, u.account_type as "accountType", u.city, u.description, u.homepage_url as "homepageUrl", u.bloggertype,
          u.firstname, u.lastname, ${visibleToSql(u, sql`u.name_visibility`, viewer)} as "nameVisible",
          c.key as "countryKey", i.id as "industryId", i.key as "industryKey",
          u.picture_document_id as "pictureId", pd.sha256 as "pictureSha", u.logo_document_id as "logoId", ld.sha256 as "logoSha",
          (select count(distinct related_user_id) from user_relations where user_id = u.id and type = ${RelationType.friend})::int as friends,
          (select count(*) from user_relations where related_user_id = u.id and type = ${RelationType.follow})::int as followers
        from users u
        left join countries c on c.id = u.country_id
        left join industries i on i.id = u.industry_id
        left join documents pd on pd.id = u.picture_document_id
        left join documents ld on ld.id = u.logo_document_id
        where u.id = ${id} and (u.locked_at is null or u.id = ${viewer})
          ${viewer === 0 ? sql`` : sql`and not exists (select 1 from user_relations b where b.user_id = u.id and b.related_user_id = ${viewer} and b.type = ${RelationType.block})`}`,
      );
      const r = rows[0];
      if (!r) throw new AppError(ErrorKey.userNotFound, 404);
      const lists = await rowsOf<{ id: number; name: string; visibility: number; items: number }>(
        db,
        sql`select l.id, l.name, l.visibility, (select count(*) from list_items li where li.list_id = l.id)::int as items
          from lists l where l.owner_id = ${id} and l.kind = 'list'
            and ${listReadableByAliasSql(sql`l.owner_id`, sql`l.visibility`, sql`l.hidden_at`, sql`l.id`, viewer)}
          order by l.updated_at desc, l.id desc limit ${PROFILE_LISTS_MAX}`,
      );
      const self = viewer === id;
      return {
        id: Number(r.id),
        nickname: r.nickname,
        accountType: { id: Number(r.accountType) },
        picturedocument: pictureRef(r.pictureId, r.pictureSha),
        logodocument: pictureRef(r.logoId, r.logoSha),
        city: r.city,
        name: r.nameVisible && (r.firstname || r.lastname) ? { firstname: r.firstname, lastname: r.lastname } : null,
        description: r.description,
        homepageUrl: r.homepageUrl,
        country: r.countryKey,
        industry: r.industryId === null ? null : { id: Number(r.industryId), key: r.industryKey ?? '' },
        bloggertype: r.bloggertype,
        friends: Number(r.friends),
        followers: Number(r.followers),
        lists: lists.map((l) => ({ id: Number(l.id), name: l.name, visibility: Number(l.visibility), items: Number(l.items) })),
        relation: viewer === 0 || self ? null : await relations.state(viewer, id),
        self,
      };
    },
  };
}
