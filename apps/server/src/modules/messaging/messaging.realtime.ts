import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { conversationRoom, guestRoom, userRoom } from '../../platform/realtime/rooms.ts';
import type { GuestChatService } from './guest-chat.service.ts';
import { rowsOf } from './views.ts';

/**
 * Messaging on the realtime gateway (README "Realtime"): a conversation is a room. A socket joins
 * the rooms of its user's conversations (or its guest's one) when it authenticates, and the rooms
 * of conversations its user is added to as it happens; every instance hears the bus's events and
 * tells its own sockets, so a message sent through one instance reaches members on all of them.
 */
export function messagingRealtime(app: FastifyInstance, db: Db, guests: GuestChatService): void {
  const rt = app.realtime;
  rt.addRoomSource(async (p) => {
    if (p.kind === 'viewer') return [];
    if (p.kind === 'guest') return (await guests.roomsOf(p.guestId)).map(conversationRoom);
    const rows = await rowsOf<{ id: number }>(db, sql`select conversation_id as id from conversation_members where user_id = ${p.userId}`);
    return rows.map((r) => conversationRoom(Number(r.id)));
  });

  const events = app.events;
  events.on(
    'message.posted',
    ({ conversationId, message }) => void rt.publish(conversationRoom(conversationId), 'message.posted', { conversationId, message }),
  );
  events.on(
    'message.changed',
    ({ conversationId, message }) => void rt.publish(conversationRoom(conversationId), 'message.changed', { conversationId, message }),
  );
  events.on(
    'conversation.read',
    ({ conversationId, userId, seq }) =>
      void rt.publish(conversationRoom(conversationId), 'conversation.read', { conversationId, userId, seq }),
  );
  events.on('conversation.changed', ({ conversationId, added, removed, guestId }) => {
    const room = conversationRoom(conversationId);
    for (const u of added) rt.joinAll(userRoom(u), room);
    if (guestId !== null) rt.joinAll(guestRoom(guestId), room);
    rt.publish(room, 'conversation.changed', { conversationId });
    // who left hears it once more, from their own room, and then nothing of it
    for (const u of removed) {
      rt.leaveAll(userRoom(u), room);
      rt.publish(userRoom(u), 'conversation.changed', { conversationId });
    }
  });
}
