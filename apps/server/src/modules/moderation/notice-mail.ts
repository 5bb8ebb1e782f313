import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { objectionableReports, userNotices, users } from '../../platform/db/schema/index.ts';
import type { Mailer } from '../../integrations/smtp/mailer.ts';
import type { Translate } from '../../lib/mail-texts.ts';

export interface NoticeMailer {
  deliver(noticeId: number, idempotencyId: string): Promise<void>;
}

/** Builds and sends the mail of one notice in the account's language (English or German). */
export function noticeMailer(db: Db, mailer: Mailer, config: Config, mailText: Translate): NoticeMailer {
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return {
    async deliver(noticeId, idempotencyId) {
      const [row] = await db
        .select({
          kind: userNotices.kind,
          reason: userNotices.reason,
          email: users.email,
          languageId: users.languageId,
          snapshot: objectionableReports.snapshot,
          suspendedUntil: objectionableReports.suspendedUntil,
        })
        .from(userNotices)
        .innerJoin(users, eq(users.id, userNotices.userId))
        .innerJoin(objectionableReports, eq(objectionableReports.id, userNotices.reportId))
        .where(eq(userNotices.id, noticeId));
      // the account (and its notices) went away while the mail waited: nothing to send
      if (!row) return;
      const t = mailText(row.languageId === 2 ? 'de' : 'en');
      const title = typeof row.snapshot.name === 'string' ? row.snapshot.name : '';
      const fill = (s: string) => s.replaceAll('{{title}}', title);
      const lines = [fill(t(`notice.${row.kind}.body`))];
      if (row.reason) lines.push(`${t('notice.reason')} ${row.reason}`);
      if (row.kind === 'suspended' && row.suspendedUntil)
        lines.push(`${t('notice.until')} ${row.suspendedUntil.toISOString().slice(0, 10)}`);
      lines.push(row.kind.startsWith('appeal.') ? t('notice.read') : t('notice.appeal'));
      await mailer.send(
        { to: row.email, subject: fill(t(`notice.${row.kind}.subject`)), text: `${lines.join('\n\n')}\n\n${publicUrl}/notices\n` },
        idempotencyId,
      );
    },
  };
}
