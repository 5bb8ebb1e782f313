import type { ClientEventMap, ClientEventName } from '@spotlist/contracts';

/**
 * Who hears what. A room is a name (`user:7`); a member is one socket of this instance. Rooms are
 * local on purpose: an event reaches every instance through the event bus, and each instance
 * publishes it to its own members (ARCHITECTURE "Scale beyond one machine").
 */
export type Room =
  | `user:${number}`
  | `guest:${number}`
  /** A conversation's members (modules/messaging joins them at auth and when they are added). */
  | `conversation:${number}`
  /** The vehicles one app client of a business shows (modules/fleet: `fleet:<ownerId>:guestapp`, `…:widget-4`); live views join it. */
  | `fleet:${number}:${string}`;

export const userRoom = (userId: number): Room => `user:${userId}`;
export const guestRoom = (guestId: number): Room => `guest:${guestId}`;
export const fleetRoom = (ownerId: number, appClientId: string): Room => `fleet:${ownerId}:${appClientId}`;
export const conversationRoom = (conversationId: number): Room => `conversation:${conversationId}`;

export interface Member {
  /** Sends one serialized message (the member applies back-pressure itself). */
  send(text: string): void;
  readonly rooms: Set<Room>;
}

export interface Rooms<M extends Member = Member> {
  join(member: M, room: Room): void;
  leave(member: M, room: Room): void;
  /** Every room of the member (a socket closing, or authenticating as someone else). */
  leaveAll(member: M): void;
  /** Sends the event to the room's members on this instance; answers how many it reached. */
  publish<K extends ClientEventName>(room: Room, name: K, payload: ClientEventMap[K]): number;
  members(room: Room): ReadonlySet<M>;
  /** Rooms with at least one member (an empty room is forgotten). */
  readonly size: number;
}

export function createRooms<M extends Member = Member>(): Rooms<M> {
  const byRoom = new Map<Room, Set<M>>();
  const none: ReadonlySet<M> = new Set();
  const leave = (member: M, room: Room) => {
    member.rooms.delete(room);
    const set = byRoom.get(room);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) byRoom.delete(room);
  };
  return {
    join(member, room) {
      let set = byRoom.get(room);
      if (!set) byRoom.set(room, (set = new Set()));
      set.add(member);
      member.rooms.add(room);
    },
    leave,
    leaveAll(member) {
      for (const room of [...member.rooms]) leave(member, room);
    },
    publish(room, name, payload) {
      const set = byRoom.get(room);
      if (!set) return 0;
      // serialized once, whatever the number of members
      const text = JSON.stringify({ type: 'event', name, payload });
      // a copy: a member cut by back-pressure leaves the room while we iterate
      const list = [...set];
      for (const m of list) m.send(text);
      return list.length;
    },
    members: (room) => byRoom.get(room) ?? none,
    get size() {
      return byRoom.size;
    },
  };
}
