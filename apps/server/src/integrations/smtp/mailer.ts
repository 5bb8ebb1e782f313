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
  send(mail: Mail): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file to
 * DATA_DIR/outbox, so password reset works offline and tests can read the link.
 */
export function createMailer(config: Config): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return { send: async (m) => void (await transport.sendMail({ from: config.MAIL_FROM, ...m })) };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(outbox, name), info.message as Buffer);
    },
  };
}
