import { sql, type SQL } from 'drizzle-orm';
import { RelationType, type Message, type PushKind, type PushPayload, type PushSettings } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { JobLog } from '../../platform/jobs/define-job.ts';
import type { SettingsService } from './settings.service.ts';
import { quietState } from './settings.service.ts';
import { fill, pushTexts, type PushTexts } from './texts.ts';
import { jobIdOf, pushDeliver, pushEvent, pushMessage, type DeliverPayload } from './push.jobs.ts';
import type { DeliveryItem, DeliveryService } from './delivery.service.ts';
import { pushConversationMarks, pushDevices } from '../../platform/db/schema/index.ts';
import { asc, inArray } from 'drizzle-orm';

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
  /** Sends composed notices at once (a device that cannot take one now gets a job of its own). */
  delivery: Pick<DeliveryService, 'deliverNow'>;
  log: JobLog;
}

/** Members of one conversation whose message notices are composed, sent and marked together. */
export const NOTICE_CHUNK = 50;

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

  /** The users' devices, by user. */
  async function devicesOf(userIds: readonly number[]) {
    const byUser = new Map<number, (typeof pushDevices.$inferSelect)[]>();
    if (userIds.length === 0) return byUser;
    const list = await db
      .select()
      .from(pushDevices)
      .where(inArray(pushDevices.userId, [...userIds]))
      .orderBy(asc(pushDevices.id));
    for (const d of list) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
    return byUser;
  }

  /**
   * The notices to each of their users' devices, sent now (DeliveryService.deliverNow). `key` names
   * what a notice tells (a conversation's last message told, or the composing job): the id of a
   * device's retry job follows from it.
   */
  async function dispatch(
    notices: { userId: number; payload: PushPayload; key: string }[],
    kind: PushKind | 'test',
    extra: (userId: number) => { topic?: string; at?: number } = () => ({}),
  ): Promise<void> {
    const devices = await devicesOf(notices.map((n) => n.userId));
    const d = DELIVERY[kind];
    const items: DeliveryItem[] = notices.flatMap((n) =>
      (devices.get(n.userId) ?? []).map((device) => ({
        device,
        key: `${n.key}:${device.id}`,
        payload: {
          deviceId: device.id,
          payload: n.payload,
          ttl: d.ttl,
          urgency: n.payload.silent ? ('normal' as const) : d.urgency,
          retries: 0,
          ...extra(n.userId),
        },
      })),
    );
    await deps.delivery.deliverNow(items, deps.log);
  }

  /** The user's switch for the kind and the quiet hours now: null (send nothing now) or whether it is silent. */
  async function gate(
    userId: number,
    kind: PushKind,
    hold: (until: Date) => Promise<void>,
    known?: PushSettings,
  ): Promise<{ silent: boolean; hideMessageText: boolean } | null> {
    const s = known ?? (await deps.settings.get(userId));
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
      // one job for the whole group (its id names the message: queued once), in parts of NOTICE_CHUNK
      const parts: number[][] = [];
      for (let i = 0; i < others.length; i += NOTICE_CHUNK) parts.push(others.slice(i, i + NOTICE_CHUNK));
      await jobs.sendMany(
        pushMessage,
        parts.map((userIds, i) => ({
          payload: { conversationId: e.conversationId, userIds },
          id: jobIdOf(i === 0 ? `push.message:${m.id}` : `push.message:${m.id}:${i}`),
        })),
      );
    },

    async relationEvent(kind: 'match' | 'followRequest', userId: number, otherId: number, categoryId: number): Promise<void> {
      await jobs.send(
        pushEvent,
        { kind, userId, otherId },
        { id: jobIdOf(`push.${kind}:${userId}:${otherId}:${categoryId}:${Date.now()}`) },
      );
    },

    /**
     * The message notices of one conversation for some of its members: each tells of every message
     * the member has neither read nor been told of (`push_conversation_marks`), so a member told
     * already gets nothing; and at most one notice per PUSH_FOLD_SECONDS: within that time of the
     * last one, a single follow-up job for when the time is up (its id names the last notice) — a
     * burst is the first message at once and then "4 new messages" replacing it. The notices are
     * sent at once and the members marked told, NOTICE_CHUNK at a time: a rerun after a crash
     * sends again only to the members of the part that was under way.
     */
    async messageNotice(conversationId: number, userIds: readonly number[], jobId: string): Promise<void> {
      if (userIds.length === 0) return;
      const states = await rows<{
        userId: number;
        notified: string | number;
        notifiedAt: Date | string | null;
        kind: number;
        title: string | null;
        language: string | null;
        seq: string | number | null;
        text: string;
        fromGuest: boolean;
        placeId: number | null;
        listId: number | null;
        mimeType: string | null;
        nickname: string | null;
        createdAt: Date | string;
        n: string | number;
      }>(
        db,
        // per member (a member no more, or a deleted user, has no row): what they were told, their
        // language, and their newest unread message with the count of unread ones
        sql`select cm.user_id as "userId", coalesce(pm.notified_seq, 0) as notified, pm.updated_at as "notifiedAt", c.kind, c.title,
            l.key as language, lm.seq, lm.text, lm.from_guest as "fromGuest", lm.place_id as "placeId", lm.list_id as "listId",
            lm.mime_type as "mimeType", lm.nickname, lm.created_at as "createdAt", lm.n
          from conversation_members cm join conversations c on c.id = cm.conversation_id
          join users u on u.id = cm.user_id left join languages l on l.id = u.language_id
          left join push_conversation_marks pm on pm.user_id = cm.user_id and pm.conversation_id = cm.conversation_id
          left join lateral (
            select m.seq, m.text, m.from_guest, m.place_id, m.list_id, d.mime_type, su.nickname, m.created_at, count(*) over () as n
            from messages m left join users su on su.id = m.sender_id left join documents d on d.id = m.document_id
            where m.conversation_id = cm.conversation_id and m.seq > cm.read_seq and m.deleted_at is null and m.meeting_id is null
              and (m.from_guest or m.sender_id is distinct from cm.user_id)
            order by m.seq desc limit 1
          ) lm on true
          where cm.conversation_id = ${conversationId} and cm.user_id in (${sql.join(
            userIds.map((u) => sql`${u}`),
            sql`, `,
          )})`,
      );
      // read already, or told by an earlier notice (a burst folded into it)
      const due = states.filter((st) => st.seq !== null && Number(st.seq) > Number(st.notified));
      if (due.length === 0) return;
      const later: typeof due = [];
      const now: typeof due = [];
      for (const st of due) {
        const last = st.notifiedAt === null ? null : new Date(st.notifiedAt).getTime();
        const wait = last === null ? 0 : last + deps.foldSeconds * 1000 - Date.now();
        if (wait > 0) later.push(st);
        else now.push(st);
      }
      // a notice of this conversation went out less than PUSH_FOLD_SECONDS ago: what came since is
      // told by one job when the time is up
      await jobs.sendMany(
        pushMessage,
        later.map((st) => {
          const last = new Date(st.notifiedAt!).getTime();
          return {
            payload: { conversationId, userIds: [Number(st.userId)] },
            id: jobIdOf(`push.message:${conversationId}:${st.userId}:after:${last}`),
            delaySeconds: Math.ceil((last + deps.foldSeconds * 1000 - Date.now()) / 1000),
          };
        }),
      );
      const settings = await deps.settings.getMany(now.map((st) => Number(st.userId)));
      for (let i = 0; i < now.length; i += NOTICE_CHUNK) {
        const part = now.slice(i, i + NOTICE_CHUNK);
        const told: { userId: number; seq: number }[] = [];
        const notices: { userId: number; payload: PushPayload; key: string; at: number }[] = [];
        await Promise.all(
          part.map(async (st) => {
            const userId = Number(st.userId);
            const seq = Number(st.seq);
            // the member has the conversation on screen: they see it there
            if (await deps.isViewing(userId, conversationId)) return void told.push({ userId, seq });
            const open = await gate(
              userId,
              'message',
              (until) =>
                jobs
                  .send(
                    pushMessage,
                    { conversationId, userIds: [userId] },
                    { id: jobIdOf(`${jobId}:hold:${userId}`), delaySeconds: delayUntil(until) },
                  )
                  .then(() => {}),
              settings.get(userId),
            );
            if (!open) return;
            const t = pushTexts(st.language);
            const sender = st.fromGuest ? t.guest : st.nickname || t.someone;
            const n = Number(st.n);
            const what = st.mimeType
              ? st.mimeType.startsWith('image/')
                ? t.picture
                : t.file
              : st.placeId !== null
                ? t.place
                : st.listId !== null
                  ? t.list
                  : null;
            let body: string;
            if (n > 1) body = fill(t.newMessages, { n });
            else if (open.hideMessageText) body = t.newMessage;
            else if (st.text.trim()) body = preview(st.text);
            else body = what ?? t.newMessage;
            // a card with words: the words; a picture alone: "sent a picture"
            const title = Number(st.kind) === 2 && st.title ? fill(t.inGroup, { name: sender, group: st.title }) : sender;
            notices.push({
              userId,
              key: `push.message:${conversationId}:${userId}:${seq}`,
              at: new Date(st.createdAt).getTime(),
              payload: {
                kind: 'message',
                title,
                body,
                url: `/messages/${conversationId}`,
                tag: `conversation-${conversationId}`,
                silent: open.silent,
                count: n,
              },
            });
            told.push({ userId, seq });
          }),
        );
        const at = new Map(notices.map((x) => [x.userId, x.at]));
        await dispatch(notices, 'message', (userId) => ({ topic: `c${conversationId}`, at: at.get(userId) }));
        if (told.length > 0) {
          await db
            .insert(pushConversationMarks)
            .values(told.map((x) => ({ userId: x.userId, conversationId, notifiedSeq: x.seq })))
            .onConflictDoUpdate({
              target: [pushConversationMarks.userId, pushConversationMarks.conversationId],
              set: { notifiedSeq: sql`greatest(${pushConversationMarks.notifiedSeq}, excluded.notified_seq)`, updatedAt: sql`now()` },
            });
        }
      }
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
      await dispatch([{ userId, payload: { ...payload, kind, silent: open.silent, count: 1 }, key: jobId }], kind, () => ({
        topic: kind === 'meeting' ? `m${p.meetingId}` : undefined,
      }));
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
