import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminLockInputSchema,
  AdminRoleListSchema,
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUserRolesInputSchema,
  IdParamSchema,
  OkSchema,
  Permission,
  UserFlagsUpdateSchema,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { adminService } from './admin.service.ts';
import { auditRoutes } from './audit.routes.ts';
import { operationsRoutes } from './operations.routes.ts';

const tags = ['admin'];
/** Reading accounts: operators (admin.users), role managers (admin.roles) and client admins (their client's). */
const READ_USERS = [Permission.adminUsers, Permission.adminRoles, Permission.clientStaff] as const;

/**
 * The console's accounts (modules/admin README). Every route declares its permission; the auth
 * hook refuses the rest (403 error.permission.missing) and the audit log keeps every change and
 * every refusal.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue; config: Config }> = async (app, { db, jobs, config }) => {
  const admin = adminService(db);

  app.get(
    '/api/admin/user/list',
    {
      schema: { querystring: z.record(z.string(), z.unknown()), response: { 200: AdminUserListSchema }, tags },
      config: { permission: READ_USERS },
    },
    async (req) => admin.list(req.query, req.user!),
  );

  app.get(
    '/api/admin/user/:id',
    { schema: { params: IdParamSchema, response: { 200: AdminUserDetailSchema }, tags }, config: { permission: READ_USERS } },
    async (req) => admin.detail(req.params.id, req.user!),
  );

  app.post(
    '/api/admin/user/:id/flags',
    {
      schema: { params: IdParamSchema, body: UserFlagsUpdateSchema, response: { 200: AdminUserDetailSchema }, tags },
      config: { permission: Permission.adminFlags },
    },
    async (req) => {
      await admin.setFlags(req.params.id, req.body, req.user!);
      return admin.detail(req.params.id, req.user!);
    },
  );

  app.post(
    '/api/admin/user/:id/roles',
    {
      schema: { params: IdParamSchema, body: AdminUserRolesInputSchema, response: { 200: AdminUserDetailSchema }, tags },
      config: { permission: [Permission.adminRoles, Permission.clientStaff] },
    },
    async (req) => {
      await admin.setRoles(req.params.id, req.body.roleIds, req.user!);
      return admin.detail(req.params.id, req.user!);
    },
  );

  app.post(
    '/api/admin/user/:id/lock',
    {
      schema: { params: IdParamSchema, body: AdminLockInputSchema.optional(), response: { 200: AdminUserDetailSchema }, tags },
      config: { permission: Permission.adminUsers },
    },
    async (req) => {
      await admin.lock(req.params.id, req.body?.reason, req.user!);
      return admin.detail(req.params.id, req.user!);
    },
  );

  app.post(
    '/api/admin/user/:id/unlock',
    { schema: { params: IdParamSchema, response: { 200: AdminUserDetailSchema }, tags }, config: { permission: Permission.adminUsers } },
    async (req) => {
      await admin.unlock(req.params.id, req.user!);
      return admin.detail(req.params.id, req.user!);
    },
  );

  app.delete(
    '/api/admin/session/:id',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags }, config: { permission: Permission.adminUsers } },
    async (req) => {
      await admin.revokeSession(req.params.id, req.user!);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/role/list',
    { schema: { response: { 200: AdminRoleListSchema }, tags }, config: { permission: READ_USERS } },
    async () => admin.roles(),
  );

  await app.register(auditRoutes, { db });
  await app.register(operationsRoutes, { db, jobs, config });
};
