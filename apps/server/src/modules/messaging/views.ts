import { sql, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_KIND_KEYS,
  CONVERSATION_STATUSES,
  ErrorKey,
  type ConversationKindKey,
  type ConversationStatus,
  type Meeting,
  type Message,
} from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { pictureRef } from '../relations/index.ts';

/** Rows of `db.execute`, typed (re-exported for this module's services). */
export { rowsOf } from '../relations/index.ts';

export const conversationNotFound = () => new AppError(ErrorKey.conversationNotFound, 404);
export const messageNotFound = () => new AppError(ErrorKey.messageNotFound, 404);

export const kindKey = (kind: number): ConversationKindKey => CONVERSATION_KIND_KEYS[kind - 1] ?? 'direct';
export const statusKey = (status: number): ConversationStatus => CONVERSATION_STATUSES[status - 1] ?? 'open';
export const statusId = (status: ConversationStatus): number => CONVERSATION_STATUSES.indexOf(status) + 1;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The columns of a message view, over `messages m` with the joins of MESSAGE_JOINS. */
export const MESSAGE_COLUMNS = sql.raw(`m.id, m.conversation_id as "conversationId", m.seq, m.rev, m.sender_id as "senderId",
  m.from_guest as "fromGuest", m.text, m.place_id as "placeId", m.list_id as "listId", m.created_at as "createdAt",
  m.edited_at as "editedAt", m.deleted_at as "deletedAt", m.client_id as "clientId",
  d.id as "docId", d.file_name as "fileName", d.mime_type as "mimeType", d.size_bytes as "sizeBytes", d.sha256 as "docSha",
  d.thumb_key as "thumbKey",
  mt.id as "meetingId", mt.title as "meetingTitle", mt.starts_at as "startsAt", mt.created_by as "meetingBy",
  mt.created_at as "meetingAt",
  r.id as "replyId", r.seq as "replySeq", r.sender_id as "replySender", r.text as "replyText", r.deleted_at as "replyDeleted"`);
export const MESSAGE_JOINS = sql.raw(`left join documents d on d.id = m.document_id
  left join meetings mt on mt.id = m.meeting_id
  left join messages r on r.id = m.reply_to_id`);

export interface MessageRow {
  id: number;
  conversationId: number;
  seq: number | string;
  rev: number | string;
  senderId: number | null;
  fromGuest: boolean;
  text: string;
  placeId: number | null;
  listId: number | null;
  createdAt: Date | string;
  editedAt: Date | string | null;
  deletedAt: Date | string | null;
  clientId: string | null;
  docId: number | null;
  fileName: string | null;
  mimeType: string | null;
  sizeBytes: number | string | null;
  docSha: string | null;
  thumbKey: string | null;
  meetingId: number | null;
  meetingTitle: string | null;
  startsAt: Date | string | null;
  meetingBy: number | null;
  meetingAt: Date | string | null;
  replyId: number | null;
  replySeq: number | string | null;
  replySender: number | null;
  replyText: string | null;
  replyDeleted: Date | string | null;
}

/** A reply's quote: the start of the message it answers. */
const QUOTE_MAX = 200;

export function toMeeting(r: {
  id: number;
  conversationId: number;
  title: string | null;
  startsAt: Date | string | null;
  createdBy: number;
  createdAt: Date | string;
}): Meeting {
  return {
    id: Number(r.id),
    conversationId: Number(r.conversationId),
    title: r.title,
    startsAt: iso(r.startsAt),
    createdBy: Number(r.createdBy),
    createdAt: iso(r.createdAt)!,
  };
}

/** A message as every member reads it; a deleted one keeps its place and nothing else. */
export function toMessage(r: MessageRow): Message {
  const deleted = r.deletedAt !== null;
  const version = r.docSha ? `?v=${r.docSha.slice(0, 16)}` : '';
  return {
    id: Number(r.id),
    conversationId: Number(r.conversationId),
    seq: Number(r.seq),
    rev: Number(r.rev),
    senderId: r.fromGuest || r.senderId === null ? null : Number(r.senderId),
    text: deleted ? '' : r.text,
    placeId: deleted || r.placeId === null ? null : Number(r.placeId),
    listId: deleted || r.listId === null ? null : Number(r.listId),
    file:
      deleted || r.docId === null
        ? null
        : {
            id: Number(r.docId),
            name: r.fileName ?? '',
            mimeType: r.mimeType ?? 'application/octet-stream',
            sizeBytes: Number(r.sizeBytes ?? 0),
            urlThumb240: r.thumbKey ? `/api/document/${r.docId}/thumb${version}` : null,
            url: `/api/document/${r.docId}/file${version}`,
          },
    meeting:
      deleted || r.meetingId === null
        ? null
        : toMeeting({
            id: r.meetingId,
            conversationId: r.conversationId,
            title: r.meetingTitle,
            startsAt: r.startsAt,
            createdBy: r.meetingBy ?? 0,
            createdAt: r.meetingAt ?? r.createdAt,
          }),
    replyTo:
      r.replyId === null
        ? null
        : {
            id: Number(r.replyId),
            seq: Number(r.replySeq),
            senderId: r.replySender === null ? null : Number(r.replySender),
            text: r.replyDeleted !== null ? '' : (r.replyText ?? '').slice(0, QUOTE_MAX),
            deleted: r.replyDeleted !== null,
          },
    clientId: r.clientId,
    createdAt: iso(r.createdAt)!,
    editedAt: iso(r.editedAt),
    deletedAt: iso(r.deletedAt),
  };
}

/** Unread for `me`: others' messages after my read position, not deleted (the guest's count as others'). */
export const unreadSql = (conversation: SQL, readSeq: SQL, me: number): SQL =>
  sql`(select count(*) from messages um where um.conversation_id = ${conversation} and um.seq > ${readSeq}
    and um.deleted_at is null and (um.from_guest or um.sender_id is distinct from ${me}))`;

/** The member columns (PERSON_COLUMNS plus membership) over `conversation_members cm join users u`. */
export const MEMBER_COLUMNS = sql.raw(
  `u.id as "personId", u.nickname, u.account_type as "accountType", u.picture_document_id as "pictureId", pd.sha256 as "pictureSha", cm.admin, cm.read_seq as "readSeq"`,
);

export interface MemberRow {
  personId: number;
  nickname: string;
  accountType: number;
  pictureId: number | null;
  pictureSha: string | null;
  admin: boolean;
  readSeq: number | string;
}

export const toMember = (r: MemberRow) => ({
  id: Number(r.personId),
  nickname: r.nickname,
  accountType: { id: Number(r.accountType) },
  picturedocument: pictureRef(r.pictureId, r.pictureSha),
  admin: r.admin,
  readSeq: Number(r.readSeq),
});

/** A list of ids for `in (…)`. */
export const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
