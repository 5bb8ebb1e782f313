import { sql, type SQL } from 'drizzle-orm';
import {
  AccountType,
  RelationType,
  SUGGESTION_SHARED_PLACES,
  Visibility,
  type AppLanguage,
  type Suggestion,
  type SuggestionReason,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { businessMatchPossible } from './relations.service.ts';
import { peopleById, rowsOf } from './people.ts';

/** How near a business location and a saved place must lie to count as "near" (a short walk or ride). */
export const NEAR_METERS = 3000;
const METERS_PER_DEGREE = 111_320;
/** Candidates by taste considered before the exclusions and the final ranking. */
const TASTE_CANDIDATES = 400;
const CITY_CANDIDATES = 100;
/** Weights of the ranking (docs/decisions/0029): taste first, then friends in common, then the same city. */
const MUTUAL_FRIEND_WEIGHT = 0.3;
const SAME_CITY_WEIGHT = 0.1;
const IN_CITY_WEIGHT = 0.05;

export interface SuggestionInput {
  me: { id: number; accountType: number };
  kind: 'people' | 'business';
  city?: string;
  size: number;
  language: AppLanguage;
}

interface CandidateRow {
  uid: number;
  score: number;
  shared: number;
  sharedCity: string | null;
  places: number[] | null;
  mutual: number;
  sameCity: string | null;
  near: number;
  inCity: number;
  accountType: number;
}

/**
 * GET /api/userrelation/suggestions (docs/decisions/0029). One statement ranks the candidates:
 *
 * - taste: the places both saved (liked or put in a list; public catalogue places only), each
 *   weighted 1 / ln(e + savers of the place) so a rare shared place counts more than a famous one;
 * - friends of friends: +0.3 a friend in common;
 * - the same city as mine: +0.1;
 * - kind=business: businesses whose locations lie within NEAR_METERS of places I saved (for
 *   bloggers and private users), or bloggers who saved places near my locations (for a business);
 * - f.city: only people who saved places in that city, +0.05 a place there.
 *
 * Never: me, a block either way, my no, my pending yes, a friend, an account that opted out of
 * discovery, a locked or suspended one. Private places of anyone never count or show.
 */
export function suggestionsService(db: Db) {
  return {
    async suggest(input: SuggestionInput): Promise<Suggestion[]> {
      const { me, kind, city, size } = input;
      const business = kind === 'business';
      const meIsBusiness = me.accountType === AccountType.business;
      const dLat = NEAR_METERS / METERS_PER_DEGREE;
      // the longitude box is widened by the latitude (1 / cos); 60° keeps it conservative up to there
      const dLng = dLat * 2;

      const cityFilter = city ? sql`and lower(p.city) = lower(${city})` : sql``;
      const mine = sql`select distinct li.place_id, p.city from list_items li join lists l on l.id = li.list_id join places p on p.id = li.place_id
        where l.owner_id = ${me.id} and p.visibility = ${Visibility.all} and p.hidden_at is null ${cityFilter}`;

      // candidates of each source, with what the reason shows
      const sources: SQL[] = [];
      if (!business) {
        sources.push(sql`select uid, score, shared, shared_city, places, 0 as mutual, 0 as near, 0 as in_city from taste`);
        sources.push(sql`select uid, 0::float8, 0, null::text, null::int[], mutual, 0, 0 from fof`);
        if (city) sources.push(sql`select uid, 0::float8, 0, null::text, null::int[], 0, 0, n from in_city`);
        else sources.push(sql`select id, 0::float8, 0, null::text, null::int[], 0, 0, 0 from same_city`);
      } else {
        // the first select names the columns
        sources.push(
          sql`select uid, 0::float8 as score, 0 as shared, null::text as shared_city, null::int[] as places, 0 as mutual, near, 0 as in_city from near_business`,
        );
      }

      const nearBusiness = meIsBusiness
        ? // bloggers who saved places near my locations
          sql`near_business as (
            select l.owner_id as uid, count(distinct p.id)::int as near
            from user_locations loc
            join places p on p.latitude between loc.latitude - ${dLat}::float8 and loc.latitude + ${dLat}::float8
              and p.longitude between loc.longitude - ${dLng}::float8 and loc.longitude + ${dLng}::float8
              and p.visibility = ${Visibility.all} and p.hidden_at is null
            join list_items li on li.place_id = p.id join lists l on l.id = li.list_id
            join users b on b.id = l.owner_id and b.account_type = ${AccountType.blogger}
            where loc.user_id = ${me.id}
            group by l.owner_id order by near desc limit ${TASTE_CANDIDATES})`
        : // businesses with locations near places I saved
          sql`near_business as (
            select loc.user_id as uid, count(distinct m.place_id)::int as near
            from mine m join places p on p.id = m.place_id
            join user_locations loc on loc.latitude between p.latitude - ${dLat}::float8 and p.latitude + ${dLat}::float8
              and loc.longitude between p.longitude - ${dLng}::float8 and p.longitude + ${dLng}::float8
            join users b on b.id = loc.user_id and b.account_type = ${AccountType.business}
            group by loc.user_id order by near desc limit ${TASTE_CANDIDATES})`;

      const rows = await rowsOf<CandidateRow>(
        db,
        sql`with me as (select id, lower(city) as city from users where id = ${me.id}),
        mine as (${mine}),
        savers as (
          select li.place_id, l.owner_id
          from mine m join list_items li on li.place_id = m.place_id join lists l on l.id = li.list_id
          where l.owner_id <> ${me.id}
          group by li.place_id, l.owner_id),
        place_weight as (select place_id, 1 / ln(exp(1::float8) + count(*)) as w from savers group by place_id),
        top_taste as (
          select s.owner_id as uid, sum(pw.w) as score, count(*)::int as shared
          from savers s join place_weight pw using (place_id)
          group by s.owner_id order by score desc limit ${TASTE_CANDIDATES}),
        taste as (
          select t.uid, t.score, t.shared,
            case when count(distinct m.city) = 1 then max(m.city) end as shared_city,
            (array_agg(s.place_id order by pw.w desc, s.place_id))[1:${SUGGESTION_SHARED_PLACES}] as places
          from top_taste t join savers s on s.owner_id = t.uid join place_weight pw on pw.place_id = s.place_id
            join mine m on m.place_id = s.place_id
          group by t.uid, t.score, t.shared),
        fof as (
          select f2.related_user_id as uid, count(distinct f1.related_user_id)::int as mutual
          from user_relations f1 join user_relations f2 on f2.user_id = f1.related_user_id and f2.type = ${RelationType.friend}
          where f1.user_id = ${me.id} and f1.type = ${RelationType.friend} and f2.related_user_id <> ${me.id}
          group by f2.related_user_id),
        same_city as (
          select u.id from users u, me where me.city is not null and me.city <> '' and lower(u.city) = me.city and u.id <> ${me.id}
          order by u.id desc limit ${CITY_CANDIDATES}),
        in_city as (
          ${
            city
              ? sql`select l.owner_id as uid, count(distinct p.id)::int as n from places p join list_items li on li.place_id = p.id join lists l on l.id = li.list_id
            where lower(p.city) = lower(${city}) and p.visibility = ${Visibility.all} and p.hidden_at is null and l.owner_id <> ${me.id}
            group by l.owner_id order by n desc limit ${TASTE_CANDIDATES}`
              : sql`select 0 as uid, 0 as n where false`
          }),
        ${nearBusiness},
        candidates as (${sql.join(sources, sql` union all `)}),
        scored as (
          select uid, sum(score)::float8 as taste, max(shared)::int as shared, max(shared_city) as shared_city,
            max(places) as places,
            max(mutual)::int as mutual, max(near)::int as near, max(in_city)::int as in_city
          from candidates group by uid)
        select s.uid, s.shared, s.shared_city as "sharedCity", s.places, s.mutual, s.near, s.in_city as "inCity",
          u.account_type as "accountType",
          case when me.city is not null and me.city <> '' and lower(u.city) = me.city then u.city end as "sameCity",
          (s.taste + ${MUTUAL_FRIEND_WEIGHT}::float8 * s.mutual + ${IN_CITY_WEIGHT}::float8 * s.in_city + s.near
            + case when me.city is not null and me.city <> '' and lower(u.city) = me.city then ${SAME_CITY_WEIGHT}::float8 else 0 end)::float8 as score
        from scored s join users u on u.id = s.uid cross join me
        where u.id <> ${me.id} and u.discoverable and u.locked_at is null and (u.suspended_until is null or u.suspended_until < now())
          ${business ? sql`` : sql`and u.account_type in (${AccountType.private}, ${AccountType.blogger})`}
          ${city ? sql`and s.in_city > 0` : sql``}
          and not exists (select 1 from user_relations r where r.user_id = ${me.id} and r.related_user_id = u.id
            and r.type in (${RelationType.match}, ${RelationType.nomatch}, ${RelationType.friend}, ${RelationType.block}))
          and not exists (select 1 from user_relations r where r.user_id = u.id and r.related_user_id = ${me.id} and r.type = ${RelationType.block})
        order by score desc, s.uid desc
        limit ${size}`,
      );
      if (rows.length === 0) return [];

      const people = await peopleById(
        db,
        rows.map((r) => Number(r.uid)),
      );
      const placeIds = [...new Set(rows.flatMap((r) => (r.places ?? []).map(Number)))];
      const names = new Map<number, { name: string; city: string | null }>();
      if (placeIds.length > 0) {
        const found = await rowsOf<{ id: number; name: string; city: string | null }>(
          db,
          sql`select id, coalesce(nullif(texts -> ${input.language}::text ->> 'name', ''), name) as name, city from places where id in (${sql.join(
            placeIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        for (const p of found) names.set(Number(p.id), { name: p.name, city: p.city });
      }

      return rows.flatMap((r) => {
        const user = people.get(Number(r.uid));
        if (!user) return [];
        const reasons: SuggestionReason[] = [];
        if (Number(r.shared) > 0) reasons.push({ key: 'sharedPlaces', count: Number(r.shared), city: r.sharedCity });
        if (city && Number(r.inCity) > 0) reasons.push({ key: 'placesInCity', count: Number(r.inCity), city });
        if (Number(r.near) > 0) reasons.push({ key: 'nearPlaces', count: Number(r.near) });
        if (Number(r.mutual) > 0) reasons.push({ key: 'mutualFriends', count: Number(r.mutual) });
        if (r.sameCity) reasons.push({ key: 'sameCity', city: r.sameCity });
        return [
          {
            user,
            reasons,
            sharedPlaces: (r.places ?? []).flatMap((id) => {
              const p = names.get(Number(id));
              return p ? [{ id: Number(id), name: p.name, city: p.city }] : [];
            }),
            score: Math.round(Number(r.score) * 1000) / 1000,
            businessMatchPossible: businessMatchPossible(me.accountType, Number(r.accountType)),
          },
        ];
      });
    },
  };
}
