import type { AccountTypeId } from '@spotlist/contracts';

/**
 * Who asks a service to do something. Services take an actor, never a request, so a job, a socket
 * message or a webhook calls them the same way a route does (ARCHITECTURE "Server").
 */
export type Actor = UserActor | GuestActor | SystemActor;

/** A logged-in user (a route's `req.user` is one), or a job acting for a user it names. */
export interface UserActor {
  readonly kind?: 'user';
  readonly id: number;
  readonly accountType: AccountTypeId;
  readonly permissions: readonly string[];
}

/** A visitor of a business's widget or guest app, known by the guest key its browser keeps. */
export interface GuestActor {
  readonly kind: 'guest';
  readonly guestId: number;
}

/** The product itself: a cron job, a webhook's follow-up, a migration. */
export interface SystemActor {
  readonly kind: 'system';
  /** What it does, for the logs and the audit trail. */
  readonly reason: string;
}

/** The actor a job uses to act for a user: their id, type and permissions as stored now. */
export const userActor = (id: number, accountType: AccountTypeId, permissions: readonly string[] = []): UserActor => ({
  kind: 'user',
  id,
  accountType,
  permissions,
});
