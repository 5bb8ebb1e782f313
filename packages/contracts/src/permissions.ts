// No zod here: the web app's first bundle reads these to decide whether the console's menu entry shows.

/**
 * The named capabilities a security role grants (SPEC §3 security roles, §6 permissionsInclude).
 * Declared once here: the server's routes name the one they need (`config.permission`), the roles
 * hold sets of them, the web app shows the console's sections by them. Anything else in a role is
 * refused (400).
 */
export const Permission = {
  /** Search and read accounts; lock, unlock; read and end their sessions. */
  adminUsers: 'admin.users',
  /** Switch a user's activation flags (SPEC §1). */
  adminFlags: 'admin.flags',
  /** Create, change and delete roles; give and take any role. */
  adminRoles: 'admin.roles',
  /** The reports queue: decide reports and appeals (hide, warn, suspend, dismiss). */
  moderationReports: 'moderation.reports',
  /** Change the translations the app shows (remote overrides). */
  translationsEdit: 'translations.edit',
  /** Change the reference data (countries, industries, salutations, …). */
  referenceEdit: 'reference.edit',
  /** Read the job queues and the integrations' state. */
  jobsView: 'jobs.view',
  /** Send a job's spent (dead-letter) runs back for new retries. */
  jobsRetry: 'jobs.retry',
  /** Read and export the audit log. */
  auditView: 'audit.view',
  /** A client's own admin: read its client's users and give them the client's staff roles. */
  clientStaff: 'client.staff',
} as const;
export type PermissionKey = (typeof Permission)[keyof typeof Permission];
export const PERMISSIONS: readonly PermissionKey[] = Object.values(Permission);

export const isPermission = (value: string): value is PermissionKey => (PERMISSIONS as readonly string[]).includes(value);

/**
 * Permissions that act inside the holder's own client only. A client admin (client.staff) may give
 * a user of its client a role whose permissions are all of these, and no other role.
 */
export const CLIENT_SCOPED_PERMISSIONS: readonly PermissionKey[] = [Permission.clientStaff];

/** The roles every installation has (seeded; their permissions follow this table at each start). */
export const BUILT_IN_ROLES: readonly { key: string; name: string; permissions: readonly PermissionKey[] }[] = [
  { key: 'admin', name: 'Administrator', permissions: PERMISSIONS },
  { key: 'moderator', name: 'Moderator', permissions: [Permission.moderationReports] },
  { key: 'translator', name: 'Translator', permissions: [Permission.translationsEdit] },
  {
    key: 'support',
    name: 'Support',
    permissions: [Permission.adminUsers, Permission.jobsView, Permission.jobsRetry, Permission.auditView],
  },
  { key: 'client-admin', name: 'Client admin', permissions: [Permission.clientStaff] },
];
export const ADMINISTRATOR_ROLE_KEY = 'admin';

/** Whether a user with these permissions sees the console (any permission at all). */
export const hasConsoleAccess = (permissions: readonly string[] | undefined): boolean => !!permissions?.some((p) => isPermission(p));
