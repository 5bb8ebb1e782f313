import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  /**
   * `idempotencyId` (letters, digits, `.`, `_`, `-`; a job id): sending again with the same id
   * overwrites the outbox file instead of adding one, and over SMTP reuses the Message-ID, which
   * receivers use to drop the repeat. A job rerun after a crash thus delivers its mail once.
   */
  send(mail: Mail, idempotencyId?: string): Promise<void>;
}

const checkedId = (id: string) => {
  if (!/^[\w.-]{1,200}$/.test(id)) throw new Error(`mail idempotency id "${id}" has characters a file name may not`);
  return id;
};

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file to
 * DATA_DIR/outbox, so password reset works offline and tests can read the link.
 */
export function createMailer(config: Config): Mailer {
  const domain = /@([^>\s]+)/.exec(config.MAIL_FROM)?.[1] ?? 'spotlist.local';
  const messageId = (id?: string) => (id ? { messageId: `<${checkedId(id)}@${domain}>` } : {});
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return { send: async (m, id) => void (await transport.sendMail({ from: config.MAIL_FROM, ...m, ...messageId(id) })) };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m, id) => {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...m, ...messageId(id) });
      await fs.mkdir(outbox, { recursive: true });
      const name = id
        ? `${checkedId(id)}.eml`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer);
    },
  };
}
