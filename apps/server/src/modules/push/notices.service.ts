import { sql, type SQL } from 'drizzle-orm';
import { RelationType, type Message, type PushKind, type PushPayload } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { JobLog } from '../../platform/jobs/define-job.ts';
import type { SettingsService } from './settings.service.ts';
import { quietState } from './settings.service.ts';
import { fill, pushTexts, type PushTexts } from './texts.ts';
import { jobIdOf, pushDeliver, pushEvent, pushMessage, type DeliverPayload } from './push.jobs.ts';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** How long a push service keeps a notice for an offline device, and how urgently it is delivered, per kind. */
export const DELIVERY: Record<PushKind | 'test', { ttl: number; urgency: DeliverPayload['urgency'] }> = {
  // a chat message is stale after a day; a device asleep should still wake for it
  message: { ttl: 24 * 3600, urgency: 'high' },
  guestReply: { ttl: 24 * 3600, urgency: 'high' },
  match: { ttl: 7 * 24 * 3600, urgency: 'normal' },
  followRequest: { ttl: 7 * 24 * 3600, urgency: 'normal' },
  // a meeting that started a quarter of an hour ago is no news any more
  meeting: { ttl: 15 * 60, urgency: 'high' },
  test: { ttl: 3600, urgency: 'normal' },
};

/** Characters of a message shown in its notice. */
export const PREVIEW_CHARS = 100;

/** The first `n` characters (code points, not UTF-16 halves), with an ellipsis when cut. */
export function preview(text: string, n = PREVIEW_CHARS): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= n ? chars.join('') : `${chars.slice(0, n).join('')}…`;
}

export interface NoticeDeps {
  db: Db;
  jobs: JobQueue;
  settings: SettingsService;
  /** Whether a socket of the user shows the conversation now (realtime presence, on any instance). */
  isViewing: (userId: number, conversationId: number) => Promise<boolean>;
  /** PUSH_FOLD_SECONDS. */
  foldSeconds: number;
  log: JobLog;
}

interface Recipient {
  language: string | null;
}

/**
 * What push tells whom (README "What is sent"): composes each notice in the recipient's language
 * when its job runs — settings, quiet hours and presence as they are then — and queues one
 * delivery per device.
 */
export function noticesService(deps: NoticeDeps) {
  const { db, jobs } = deps;

  const recipient = async (userId: number): Promise<Recipient | undefined> =>
    (
      await rows<Recipient>(
        db,
        sql`select l.key as language from users u left join languages l on l.id = u.language_id where u.id = ${userId}`,
      )
    )[0];

  /**
   * The users of `ids` with a push device: a message's notice jobs are queued for them only, so a
   * conversation whose members have no device costs one indexed lookup, not a job per member.
   */
  const withDevices = async (ids: readonly number[]): Promise<number[]> =>
    ids.length === 0
      ? []
      : (
          await rows<{ userId: number }>(
            db,
            sql`select distinct user_id as "userId" from push_devices where user_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).map((r) => Number(r.userId));

  const nickname = async (userId: number, t: PushTexts): Promise<string> =>
    (await rows<{ nickname: string }>(db, sql`select nickname from users where id = ${userId}`))[0]?.nickname || t.someone;

  /**
   * Queues the notice to each of the user's devices. The ids follow from `key` (what the notice
   * tells: the composing job, or a conversation's last message), so a rerun, or a second job
   * composing the same notice at the same time, queues none twice.
   */
  async function dispatch(
    userId: number,
    payload: PushPayload,
    kind: PushKind | 'test',
    key: string,
    extra: { topic?: string; at?: number } = {},
  ) {
    const devices = await rows<{ id: number }>(db, sql`select id from push_devices where user_id = ${userId} order by id`);
    const d = DELIVERY[kind];
    await jobs.sendMany(
      pushDeliver,
      devices.map(({ id }) => ({
        payload: {
          deviceId: Number(id),
          payload,
          ttl: d.ttl,
          urgency: payload.silent ? ('normal' as const) : d.urgency,
          topic: extra.topic,
          retries: 0,
          at: extra.at,
        },
        id: jobIdOf(`${key}:${id}`),
      })),
    );
    return devices.length;
  }

  /** The user's switch for the kind and the quiet hours now: null (send nothing now) or whether it is silent. */
  async function gate(
    userId: number,
    kind: PushKind,
    hold: (until: Date) => Promise<void>,
  ): Promise<{ silent: boolean; hideMessageText: boolean } | null> {
    const s = await deps.settings.get(userId);
    if (!s.kinds[kind]) return null;
    const q = quietState(s);
    if (q.mode === 'hold') {
      await hold(q.until);
      return null;
    }
    return { silent: q.mode === 'silent', hideMessageText: s.hideMessageText };
  }

  const delayUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));

  return {
    /**
     * 'message.posted' heard on the instance that stored the message (origin local): a notice job
     * per member, at once (its id names the message: queued once). The job throttles itself to one
     * notice per PUSH_FOLD_SECONDS (messageNotice). A meeting card is told when the meeting starts instead.
     */
    async messagePosted(e: { conversationId: number; message: Message; memberIds: number[] }): Promise<void> {
      const m = e.message;
      const others = await withDevices(e.memberIds.filter((u) => m.senderId === null || u !== m.senderId));
      if (others.length === 0) return;
      if (m.meeting) {
        const startsIn = m.meeting.startsAt ? Math.ceil((Date.parse(m.meeting.startsAt) - Date.now()) / 1000) : 0;
        for (const userId of others) {
          await jobs.send(
            pushEvent,
            { kind: 'meeting', userId, meetingId: m.meeting.id },
            { id: jobIdOf(`push.meeting:${m.meeting.id}:${userId}`), delaySeconds: startsIn > 0 ? startsIn : undefined },
          );
        }
        return;
      }
      // one statement for the whole group
      await jobs.sendMany(
        pushMessage,
        others.map((userId) => ({ payload: { conversationId: e.conversationId, userId }, id: jobIdOf(`push.message:${m.id}:${userId}`) })),
      );
    },

    async relationEvent(kind: 'match' | 'followRequest', userId: number, otherId: number, categoryId: number): Promise<void> {
      await jobs.send(
        pushEvent,
        { kind, userId, otherId },
        { id: jobIdOf(`push.${kind}:${userId}:${otherId}:${categoryId}:${Date.now()}`) },
      );
    },

    async messageNotice(conversationId: number, userId: number, jobId: string): Promise<void> {
      const [state] = await rows<{
        readSeq: string | number;
        notified: string | number;
        notifiedAt: Date | string | null;
        kind: number;
        title: string | null;
      }>(
        db,
        sql`select cm.read_seq as "readSeq", coalesce(pm.notified_seq, 0) as notified, pm.updated_at as "notifiedAt", c.kind, c.title
          from conversation_members cm join conversations c on c.id = cm.conversation_id
          left join push_conversation_marks pm on pm.user_id = cm.user_id and pm.conversation_id = cm.conversation_id
          where cm.conversation_id = ${conversationId} and cm.user_id = ${userId}`,
      );
      // not a member any more
      if (!state) return;
      const readSeq = Number(state.readSeq);
      const unreadWhere = sql`m.conversation_id = ${conversationId} and m.seq > ${readSeq} and m.deleted_at is null
        and m.meeting_id is null and (m.from_guest or m.sender_id is distinct from ${userId})`;
      const [latest] = await rows<{
        seq: string | number;
        text: string;
        senderId: number | null;
        fromGuest: boolean;
        placeId: number | null;
        listId: number | null;
        mimeType: string | null;
        nickname: string | null;
        createdAt: Date | string;
        n: string | number;
      }>(
        db,
        sql`select m.seq, m.text, m.sender_id as "senderId", m.from_guest as "fromGuest", m.place_id as "placeId", m.list_id as "listId",
            d.mime_type as "mimeType", u.nickname, m.created_at as "createdAt",
            (select count(*) from messages m where ${unreadWhere}) as n
          from messages m left join users u on u.id = m.sender_id left join documents d on d.id = m.document_id
          where ${unreadWhere} order by m.seq desc limit 1`,
      );
      // read already, or told by an earlier notice (a burst folded into it)
      if (!latest || Number(latest.seq) <= Number(state.notified)) return;
      const seq = Number(latest.seq);
      // a notice of this conversation went out less than PUSH_FOLD_SECONDS ago: one job (its id
      // names that notice) tells what came since, when the time is up — a burst is two notices at
      // most, the first at once and the second ("4 new messages") replacing it
      const last = state.notifiedAt === null ? null : new Date(state.notifiedAt).getTime();
      const wait = last === null ? 0 : last + deps.foldSeconds * 1000 - Date.now();
      if (wait > 0) {
        await jobs.send(
          pushMessage,
          { conversationId, userId },
          { id: jobIdOf(`push.message:${conversationId}:${userId}:after:${last}`), delaySeconds: Math.ceil(wait / 1000) },
        );
        return;
      }
      const mark = () =>
        db.execute(sql`insert into push_conversation_marks (user_id, conversation_id, notified_seq) values (${userId}, ${conversationId}, ${seq})
          on conflict (user_id, conversation_id) do update set notified_seq = greatest(push_conversation_marks.notified_seq, excluded.notified_seq), updated_at = now()`);
      // the member has the conversation on screen: they see it there
      if (await deps.isViewing(userId, conversationId)) return void (await mark());
      const open = await gate(userId, 'message', (until) =>
        jobs
          .send(pushMessage, { conversationId, userId }, { id: jobIdOf(`${jobId}:hold`), delaySeconds: delayUntil(until) })
          .then(() => {}),
      );
      if (!open) return;
      const who = await recipient(userId);
      if (!who) return;
      const t = pushTexts(who.language);
      const sender = latest.fromGuest ? t.guest : latest.nickname || t.someone;
      const n = Number(latest.n);
      const what = latest.mimeType
        ? latest.mimeType.startsWith('image/')
          ? t.picture
          : t.file
        : latest.placeId !== null
          ? t.place
          : latest.listId !== null
            ? t.list
            : null;
      let body: string;
      if (n > 1) body = fill(t.newMessages, { n });
      else if (open.hideMessageText) body = t.newMessage;
      else if (latest.text.trim()) body = preview(latest.text);
      else body = what ?? t.newMessage;
      // a card with words: the words; a picture alone: "sent a picture"
      const title = Number(state.kind) === 2 && state.title ? fill(t.inGroup, { name: sender, group: state.title }) : sender;
      await dispatch(
        userId,
        {
          kind: 'message',
          title,
          body,
          url: `/messages/${conversationId}`,
          tag: `conversation-${conversationId}`,
          silent: open.silent,
          count: n,
        },
        'message',
        `push.message:${conversationId}:${userId}:${seq}`,
        { topic: `c${conversationId}`, at: new Date(latest.createdAt).getTime() },
      );
      await mark();
    },

    async eventNotice(
      p: { kind: 'match' | 'followRequest' | 'meeting'; userId: number; otherId?: number; meetingId?: number },
      jobId: string,
    ): Promise<void> {
      const { kind, userId } = p;
      let payload: Omit<PushPayload, 'silent' | 'kind' | 'count'> | null = null;
      const who = await recipient(userId);
      if (!who) return;
      const t = pushTexts(who.language);
      if (kind === 'meeting' && p.meetingId) {
        const [mt] = await rows<{ title: string | null; conversationId: number }>(
          db,
          sql`select mt.title, mt.conversation_id as "conversationId" from meetings mt
            join messages m on m.meeting_id = mt.id and m.deleted_at is null
            join conversation_members cm on cm.conversation_id = mt.conversation_id and cm.user_id = ${userId}
            where mt.id = ${p.meetingId} limit 1`,
        );
        // the card was deleted, or the user left
        if (!mt) return;
        payload = {
          title: t.meetingTitle,
          body: mt.title ? fill(t.meetingBody, { title: preview(mt.title, 60) }) : t.meetingBodyUntitled,
          url: `/messages/${mt.conversationId}`,
          tag: `meeting-${p.meetingId}`,
        };
      } else if (p.otherId) {
        // still so when it runs: a block or a withdrawn yes in between says nothing
        const type = kind === 'match' ? RelationType.friend : RelationType.match;
        const [still] = await rows<{ ok: number }>(
          db,
          sql`select 1 as ok from user_relations where user_id = ${p.otherId} and related_user_id = ${userId} and type = ${type} limit 1`,
        );
        if (!still) return;
        const name = await nickname(p.otherId, t);
        payload =
          kind === 'match'
            ? { title: t.matchTitle, body: fill(t.matchBody, { name }), url: '/people/connections', tag: `match-${p.otherId}` }
            : { title: t.requestTitle, body: fill(t.requestBody, { name }), url: '/people/connections', tag: `request-${p.otherId}` };
      }
      if (!payload) return;
      const open = await gate(userId, kind, (until) =>
        jobs.send(pushEvent, p, { id: jobIdOf(`${jobId}:hold`), delaySeconds: delayUntil(until) }).then(() => {}),
      );
      if (!open) return;
      await dispatch(userId, { ...payload, kind, silent: open.silent, count: 1 }, kind, jobId, {
        topic: kind === 'meeting' ? `m${p.meetingId}` : undefined,
      });
    },

    /** POST /api/pushdevice/test: a test notice to the devices named, now (no switch or quiet hours: it was asked for). */
    async test(userId: number, deviceIds: number[]): Promise<number> {
      const who = await recipient(userId);
      const t = pushTexts(who?.language);
      const payload: PushPayload = {
        kind: 'test',
        title: t.testTitle,
        body: t.testBody,
        url: '/settings',
        tag: 'test',
        silent: false,
        count: 1,
      };
      const batch = `push.test:${userId}:${Date.now()}:${Math.random()}`;
      for (const id of deviceIds) {
        await jobs.send(
          pushDeliver,
          { deviceId: id, payload, ttl: DELIVERY.test.ttl, urgency: DELIVERY.test.urgency, retries: 0, at: Date.now() },
          { id: jobIdOf(`${batch}:${id}`) },
        );
      }
      return deviceIds.length;
    },
  };
}
export type NoticesService = ReturnType<typeof noticesService>;
