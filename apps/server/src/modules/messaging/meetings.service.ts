import { sql } from 'drizzle-orm';
import { ConversationKind, ErrorKey, type Meeting, type MeetingJoin } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JitsiConfig } from '../../integrations/jitsi/config.ts';
import { meetingToken, newRoomName, roomNameFor } from '../../integrations/jitsi/token.ts';
import type { ConversationsService } from './conversations.service.ts';
import type { MessagesService, Sent } from './messages.service.ts';
import { rowsOf, toMeeting } from './views.ts';

interface MeetingRow {
  id: number;
  conversationId: number;
  room: string;
  title: string | null;
  startsAt: Date | string | null;
  createdBy: number;
  createdAt: Date | string;
}

const notFound = () => new AppError(ErrorKey.meetingNotFound, 404);

/** A calendar text value: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11). */
const icsText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
const fold = (line: string) => {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
};

/**
 * Video meetings (SPEC §1, §9; integrations/jitsi): a meeting belongs to a conversation, its card
 * is a message there, and only the conversation's members may join (the page asks for the room
 * and, with token authentication, a JWT — moderator for the meeting's creator).
 */
export function meetingsService(db: Db, conversations: ConversationsService, messages: MessagesService, jitsi: JitsiConfig) {
  const tx = <T>(fn: (t: Db) => Promise<T>): Promise<T> => db.transaction(async (raw) => fn(raw as unknown as Db));

  /** The meeting of a conversation I am in. */
  async function mine(t: Db, id: number, me: number): Promise<MeetingRow> {
    const rows = await rowsOf<MeetingRow>(
      t,
      sql`select mt.id, mt.conversation_id as "conversationId", mt.room, mt.title, mt.starts_at as "startsAt",
          mt.created_by as "createdBy", mt.created_at as "createdAt"
        from meetings mt join conversation_members cm on cm.conversation_id = mt.conversation_id and cm.user_id = ${me} where mt.id = ${id}`,
    );
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  return {
    /** POST /api/conversation/{id}/meeting: the meeting and its card, in one transaction. */
    create: (conversationId: number, me: { id: number; moderator: boolean }, input: { title?: string; startsAt?: string }): Promise<Sent> =>
      tx(async (t) => {
        const c = await conversations.membership(t, conversationId, me.id, true);
        // a guest has no account a meeting could let in
        if (c.kind === ConversationKind.guest) throw new AppError(ErrorKey.conversationNotAllowed, 400);
        if (!(await conversations.canWrite(t, c, me.id))) throw new AppError(ErrorKey.messageBlocked, 403);
        const title = input.title && input.title !== '' ? input.title : null;
        const [m] = await rowsOf<{ id: number }>(
          t,
          sql`insert into meetings (conversation_id, room, title, starts_at, created_by)
            values (${conversationId}, ${newRoomName()}, ${title}, ${input.startsAt ?? null}, ${me.id}) returning id`,
        );
        return messages.store(
          t,
          conversationId,
          { kind: 'user', id: me.id, moderator: me.moderator },
          { text: '', meetingId: Number(m!.id) },
        );
      }),

    /** GET /api/meeting/{id}/join: what the meeting page gives the IFrame API. */
    async join(id: number, me: { id: number; nickname: string }): Promise<MeetingJoin> {
      const m = await mine(db, id, me.id);
      const roomName = roomNameFor(jitsi, m.room);
      const jwt = jitsi.jwt
        ? await meetingToken({ ...jitsi, jwt: jitsi.jwt }, roomName, {
            id: me.id,
            name: me.nickname,
            moderator: Number(m.createdBy) === me.id,
          })
        : null;
      return {
        meeting: toMeeting(m),
        domain: jitsi.host,
        roomName,
        jwt,
        publicHost: jitsi.publicHost,
        displayName: me.nickname,
      };
    },

    /** GET /api/meeting/{id}/ics: the meeting for a calendar (an hour from its start, or from when it was made). */
    async ics(id: number, me: number, joinUrl: string): Promise<{ meeting: Meeting; text: string }> {
      const m = await mine(db, id, me);
      const start = new Date(m.startsAt ?? m.createdAt);
      const end = new Date(start.getTime() + 3600_000);
      const lines = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Spotlist//Meetings//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        `UID:meeting-${m.id}@spotlist`,
        `DTSTAMP:${icsTime(new Date())}`,
        `DTSTART:${icsTime(start)}`,
        `DTEND:${icsTime(end)}`,
        `SUMMARY:${icsText(m.title ?? 'Spotlist video call')}`,
        `DESCRIPTION:${icsText(joinUrl)}`,
        `URL:${icsText(joinUrl)}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ];
      return { meeting: toMeeting(m), text: `${lines.map(fold).join('\r\n')}\r\n` };
    },
  };
}
export type MeetingsService = ReturnType<typeof meetingsService>;
