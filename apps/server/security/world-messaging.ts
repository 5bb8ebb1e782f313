import { GUEST_KEY_HEADER } from '@spotlist/contracts';
import type { TestApp } from '../test/helpers.ts';
import { startFakeTranslator, type FakeTranslator } from '../test/fakes/libretranslate.ts';
import type { SweepRequest } from './sweep.ts';
import { must, type Actor, type As } from './world.ts';

export const startTranslator = (): Promise<FakeTranslator> => startFakeTranslator();

/** The text of an actor's message: what no one outside its conversation may ever read. */
export const secretMessage = (a: Actor) => `${a.label} secret message`;

/**
 * The conversations of the sweep's world (actors are friends in a ring, world-relations.ts): each
 * actor has a direct conversation with the next one holding its message (seq 1) and a meeting
 * (`objects`: what others attack; only the next actor is a member with it), and a group
 * conversation with the next one for its own requests (`scratch`).
 */
export async function addConversations(t: TestApp, actors: Actor[]): Promise<void> {
  for (const [i, a] of actors.entries()) {
    const next = actors[(i + 1) % actors.length];
    const as = { token: a.token, ip: a.ip };
    const post = async (url: string, body: unknown) =>
      (await must(t, { method: 'POST', url, body, ...as })).json() as Record<string, unknown>;
    const direct = (await post('/api/conversation/add', { memberIds: [next.id] })).id as number;
    a.objects.conversation = direct;
    a.objects.message = (await post(`/api/conversation/${direct}/messages`, { text: secretMessage(a) })).id as number;
    a.objects.meeting = ((await post(`/api/conversation/${direct}/meeting`, { title: `${a.label} call` })).meeting as { id: number }).id;
    const group = (await post('/api/conversation/add', { memberIds: [next.id], title: `${a.label} scratch chat` })).id as number;
    a.scratch.conversation = group;
    a.scratch.message = (await post(`/api/conversation/${group}/messages`, { text: `${a.label} scratch message` })).id as number;
    if (a.objects.guestApp) {
      const asGuest = { headers: { [GUEST_KEY_HEADER]: a.scratch.guestKey }, ip: a.ip };
      const res = await must(t, {
        method: 'POST',
        url: '/api/public/guest/conversation/messages',
        body: { app: a.objects.guestApp, text: 'A guest asks' },
        ...asGuest,
      });
      a.scratch.guestConversation = (res.json() as { conversationId: number }).conversationId;
    }
  }
}

/** What the owner reads back: its message (members' later messages do not move it) and its meeting. */
export function conversationReads(a: Actor, mine: (url: string) => SweepRequest): SweepRequest[] {
  const o = a.objects;
  if (!o.conversation) return [];
  return [mine(`/api/message/${o.message}`), mine(`/api/meeting/${o.meeting}/join`)];
}

/**
 * Attacks of `a` on `v`'s conversation, message and meeting. A member (the victim's friend in the
 * ring) may read, write, mark read, report, translate and start a call there — what members do;
 * nobody else may do anything, and nobody edits, deletes or changes the members of another's.
 */
export function messagingAttacks(a: Actor, v: Actor, as: As): void {
  const o = v.objects;
  const s = a.scratch;
  if (!o.conversation || !o.message || !o.meeting) return;
  const member = v.friend === a.id;
  const c = o.conversation;
  as('GET /api/conversation/{id}', 'read', { method: 'GET', url: `/api/conversation/${c}` }, member);
  as('GET /api/message/{id}', 'read', { method: 'GET', url: `/api/message/${o.message}` }, member);
  as('GET /api/conversation/{id}/messages', 'read', { method: 'GET', url: `/api/conversation/${c}/messages` }, member);
  as('GET /api/conversation/{id}/messages', 'read', { method: 'GET', url: `/api/conversation/${c}/messages?after=0` }, member);
  as(
    'POST /api/conversation/{id}/messages',
    'read',
    { method: 'POST', url: `/api/conversation/${c}/messages`, body: { text: 'sweep hello' } },
    member,
  );
  as('POST /api/conversation/{id}/read', 'read', { method: 'POST', url: `/api/conversation/${c}/read`, body: { seq: 1 } }, member);
  // a member may set the inbox state (here: as it is); the title is a group admin's
  as(
    'POST /api/conversation/update/{id}',
    'read',
    { method: 'POST', url: `/api/conversation/update/${c}`, body: { status: 'open' } },
    member,
  );
  as('POST /api/conversation/update/{id}', 'never', { method: 'POST', url: `/api/conversation/update/${c}`, body: { title: 'pwned' } });
  as('POST /api/conversation/{id}/members', 'never', {
    method: 'POST',
    url: `/api/conversation/${c}/members`,
    body: { memberIds: [a.id] },
  });
  as('DELETE /api/conversation/{id}/members/{userId}', 'never', { method: 'DELETE', url: `/api/conversation/${c}/members/${v.id}` });
  as('POST /api/conversation/{id}/leave', 'never', { method: 'POST', url: `/api/conversation/${c}/leave` });
  // blocking a guest is for a guest conversation's business: never on another's conversation
  as('POST /api/conversation/{id}/guest/block', 'never', { method: 'POST', url: `/api/conversation/${c}/guest/block` });
  as('POST /api/conversation/{id}/guest/unblock', 'never', { method: 'POST', url: `/api/conversation/${c}/guest/unblock` });
  as('POST /api/conversation/{id}/meeting', 'read', { method: 'POST', url: `/api/conversation/${c}/meeting`, body: {} }, member);
  as('GET /api/meeting/{id}/join', 'read', { method: 'GET', url: `/api/meeting/${o.meeting}/join` }, member);
  as('GET /api/meeting/{id}/ics', 'read', { method: 'GET', url: `/api/meeting/${o.meeting}/ics` }, member);
  as('POST /api/message/update/{id}', 'never', { method: 'POST', url: `/api/message/update/${o.message}`, body: { text: 'pwned' } });
  as('DELETE /api/message/delete/{id}', 'never', { method: 'DELETE', url: `/api/message/delete/${o.message}` });
  as(
    'POST /api/message/objectionable/{id}',
    'read',
    { method: 'POST', url: `/api/message/objectionable/${o.message}`, body: { reason: 'spam' } },
    member,
  );
  as('POST /api/message/{id}/translate', 'read', { method: 'POST', url: `/api/message/${o.message}/translate` }, member);
  // my own conversation, with the victim's things in it: their file and a reply to their message never; their places as readable
  if (s.conversation) {
    as('POST /api/conversation/{id}/messages', 'never', {
      method: 'POST',
      url: `/api/conversation/${s.conversation}/messages`,
      body: { documentId: o.docPrivate },
    });
    as('POST /api/conversation/{id}/messages', 'never', {
      method: 'POST',
      url: `/api/conversation/${s.conversation}/messages`,
      body: { text: 're', replyToId: o.message },
    });
    as(
      'POST /api/conversation/{id}/messages',
      'read',
      { method: 'POST', url: `/api/conversation/${s.conversation}/messages`, body: { placeId: o.placePublic } },
      true,
    );
    as('POST /api/conversation/{id}/members', 'own', {
      method: 'POST',
      url: `/api/conversation/${s.conversation}/members`,
      body: { memberIds: [v.id] },
    });
  }
  // a conversation with the victim: mine to start (a friend, a business), theirs to read only as its member
  as('POST /api/conversation/add', 'own', { method: 'POST', url: '/api/conversation/add', body: { memberIds: [v.id] } });
  as('GET /api/messagecategory/{id}', 'read', { method: 'GET', url: '/api/messagecategory/1' }, true);
  // a guest (my scratch key) may write to any business's guest app, as to its front desk
  if (o.guestApp)
    as(
      'POST /api/public/guest/conversation/messages',
      'read',
      {
        method: 'POST',
        url: '/api/public/guest/conversation/messages',
        token: undefined,
        headers: { [GUEST_KEY_HEADER]: s.guestKey },
        body: { app: o.guestApp, text: 'Sweep guest hello' },
      },
      true,
    );
}
