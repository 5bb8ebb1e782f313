import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';

/** SPEC §7 POST objectionable/{id}: a report about any resource's row. */
export const objectionableReports = pgTable(
  'objectionable_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    resource: text('resource').notNull(),
    resourceId: integer('resource_id').notNull(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('objectionable_reports_resource_idx').on(t.resource, t.resourceId)],
);
