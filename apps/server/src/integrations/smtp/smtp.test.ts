import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp.ts';
import { createMailer, type Mailer } from './mailer.ts';

const AUTH = { user: 'spotlist-mailer', pass: 'p@ss word:/1' }; // characters that need encoding in SMTP_URL
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-smtp-'));
let fake: FakeSmtp;
let mailer: Mailer;
beforeAll(async () => {
  fake = await startFakeSmtp({ auth: AUTH });
  mailer = createMailer(testConfig({ DATA_DIR: dataDir, SMTP_URL: fake.url, MAIL_FROM: 'Spotlist <no-reply@spotlist.test>' }));
});
afterAll(async () => {
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mail = (to = 'anna@example.test') => ({
  to,
  subject: 'Passwort zurücksetzen',
  text: 'Öffne den Link: https://spotlist.test/reset?token=abc123\nGrüße',
});

describe('mail over SMTP_URL (nodemailer against test/fakes/smtp)', () => {
  it('sends a repeat with the same idempotency id under the same Message-ID (receivers drop the duplicate)', async () => {
    const count = fake.messages.length;
    await mailer.send(mail(), 'mail.send-42');
    await mailer.send(mail(), 'mail.send-42');
    await mailer.send(mail());
    const ids = fake.messages.slice(count).map((m) => m.headers['message-id']);
    expect(ids[0]).toBe('<mail.send-42@spotlist.test>');
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('authenticates and delivers the mail from MAIL_FROM; nothing goes to the outbox', async () => {
    await mailer.send(mail());
    const got = fake.messages.at(-1)!;
    expect(got).toMatchObject({ from: 'no-reply@spotlist.test', to: ['anna@example.test'], user: AUTH.user });
    expect(got.headers).toMatchObject({
      from: 'Spotlist <no-reply@spotlist.test>',
      to: 'anna@example.test',
      subject: 'Passwort zurücksetzen',
    });
    expect(got.text.trim()).toBe('Öffne den Link: https://spotlist.test/reset?token=abc123\nGrüße');
    expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);
  });

  it('throws when the credentials are wrong or missing, delivering nothing', async () => {
    const count = fake.messages.length;
    const wrong = new URL(fake.url);
    wrong.password = 'wrong';
    await expect(createMailer(testConfig({ DATA_DIR: dataDir, SMTP_URL: wrong.toString() })).send(mail())).rejects.toMatchObject({
      code: 'EAUTH',
      responseCode: 535,
    });
    const anonymous = new URL(fake.url);
    anonymous.username = '';
    anonymous.password = '';
    await expect(createMailer(testConfig({ DATA_DIR: dataDir, SMTP_URL: anonymous.toString() })).send(mail())).rejects.toMatchObject({
      responseCode: 530,
    });
    expect(fake.messages.length).toBe(count);
  });

  it.each([
    ['MAIL', 451, 'a temporary failure at MAIL FROM'],
    ['RCPT', 450, 'a busy mailbox'],
    ['DATA', 554, 'a message rejected after DATA'],
  ] as const)('throws on %s %i (%s), so the job sending it retries; the retry goes through', async (command, code, _why) => {
    const count = fake.messages.length;
    fake.failNext(command, code);
    await expect(mailer.send(mail('bob@example.test'))).rejects.toMatchObject({ responseCode: code });
    expect(fake.messages.length).toBe(count);
    await mailer.send(mail('bob@example.test'));
    expect(fake.messages.length).toBe(count + 1);
  });
});
