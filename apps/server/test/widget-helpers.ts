import type { FastifyInstance } from 'fastify';
import { AccountType, type UserFlags } from '@spotlist/contracts';
import { req, loginAdmin, signup, type LoggedIn } from './helpers.ts';

/** An admin switches flags on through the admin route. */
export async function setFlags(app: FastifyInstance, userId: number, flags: Partial<UserFlags>): Promise<void> {
  const admin = await loginAdmin(app);
  const res = await req(app, 'POST', `/api/admin/user/${userId}/flags`, { body: flags, token: admin });
  if (res.statusCode !== 200) throw new Error(`flags failed: ${res.statusCode} ${res.body}`);
}

/** A new business account with the given flags. */
export async function business(app: FastifyInstance, flags: Partial<UserFlags> = {}): Promise<LoggedIn> {
  const b = await signup(app, AccountType.business);
  if (Object.keys(flags).length > 0) await setFlags(app, b.user.id, flags);
  return b;
}

export const ALL_FLAGS = {
  widgetv1activated: true,
  widgetv2activated: true,
  hasGuest: true,
  overlayactivated: true,
  aiassistantactivated: true,
} as const;
