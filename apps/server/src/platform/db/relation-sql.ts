import { sql, type SQL } from 'drizzle-orm';
import { RelationType, Visibility } from '@spotlist/contracts';
import { userGroupMembers, userGroups, userRelations } from './schema/index.ts';

/**
 * The SPEC §3 visibility levels as SQL (docs/decisions/0029): who besides its owner reads content
 * at a level. Every read that returns lists, list items, places, shares or profile fields puts
 * these in its where, so what a viewer may not see never leaves the database.
 *
 * - 255 all, 1 the owner only;
 * - 4 friends: the owner has a friend row about the viewer (friend rows come in pairs);
 * - 64 followers: the viewer follows the owner, or they are friends;
 * - 32 groups: the viewer is a member of a group the owner made (members are the owner's friends).
 *
 * `viewer` 0 is a visitor without an account: no relation names user 0, so only 255 passes.
 */
const hasRelation = (from: SQL, to: SQL | number, type: number): SQL =>
  sql`exists (select 1 from ${userRelations} ur where ur.user_id = ${from} and ur.related_user_id = ${to} and ur.type = ${type})`;

/** A block between the two, whoever made it: neither reads the other's lists, profile or non-public places. */
export const blockedBetweenSql = (owner: SQL, viewer: number): SQL =>
  sql`exists (select 1 from ${userRelations} ub where ub.type = ${RelationType.block} and ((ub.user_id = ${owner} and ub.related_user_id = ${viewer}) or (ub.user_id = ${viewer} and ub.related_user_id = ${owner})))`;

/** The level lets `viewer` read the owner's content through a relation (4, 32, 64); 255 and the owner are the caller's. */
export const relationGrantsSql = (owner: SQL, visibility: SQL, viewer: number): SQL =>
  sql`((${visibility} = ${Visibility.friends} and ${hasRelation(owner, viewer, RelationType.friend)})
    or (${visibility} = ${Visibility.follower} and (${hasRelation(sql`${viewer}::int`, owner, RelationType.follow)} or ${hasRelation(owner, viewer, RelationType.friend)}))
    or (${visibility} = ${Visibility.groups} and exists (select 1 from ${userGroups} ug join ${userGroupMembers} ugm on ugm.group_id = ug.id
      where ug.owner_id = ${owner} and ugm.user_id = ${viewer})))`;

/**
 * Content of `owner` at level `visibility` is readable by `viewer`: the owner, or (no block between
 * them and) 255 or a relation the level names.
 */
export const visibleToSql = (owner: SQL, visibility: SQL, viewer: number): SQL =>
  viewer === 0
    ? sql`(${visibility} = ${Visibility.all})`
    : sql`(${owner} = ${viewer} or (not ${blockedBetweenSql(owner, viewer)} and (${visibility} = ${Visibility.all} or ${relationGrantsSql(owner, visibility, viewer)})))`;
