import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A local SMTP server for tests (smtp-server, by the nodemailer author): it speaks real SMTP
 * (RFC 5321) to the product's real nodemailer transport, records what it accepts, can require
 * AUTH (PLAIN/LOGIN, without TLS as local relays such as Mailpit allow) and can answer a command
 * with a 4xx/5xx reply as a provider does (450 mailbox busy, 554 rejected, …).
 */
export interface FakeSmtp {
  /** For SMTP_URL; carries the credentials when the server requires AUTH. */
  url: string;
  /** Accepted messages, in order. */
  messages: ReceivedMail[];
  /** The next `command` (MAIL FROM, RCPT TO, or the end of DATA) answers `code` instead of 250. */
  failNext(command: 'MAIL' | 'RCPT' | 'DATA', code: number, message?: string): void;
  close(): Promise<void>;
}

export interface ReceivedMail {
  /** The envelope (MAIL FROM / RCPT TO), which may differ from the headers. */
  from: string;
  to: string[];
  /** The authenticated user, when AUTH was used. */
  user?: string;
  /** The message as sent (RFC 5322). */
  raw: string;
  /** Header names in lower case, values unfolded and with encoded words decoded. */
  headers: Record<string, string>;
  /** The body of a single-part text message, transfer encoding decoded. */
  text: string;
}

export async function startFakeSmtp(
  opts: {
    auth?: { user: string; pass: string };
    /** 0 (default): any free port. */
    port?: number;
    /** Called for every accepted message (e.g. to print it when the fake runs beside `npm start`). */
    onMessage?: (mail: ReceivedMail) => void;
  } = {},
): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const failures: { command: 'MAIL' | 'RCPT' | 'DATA'; code: number; message: string }[] = [];
  const failure = (command: 'MAIL' | 'RCPT' | 'DATA') => {
    const i = failures.findIndex((f) => f.command === command);
    if (i < 0) return null;
    const [f] = failures.splice(i, 1);
    return Object.assign(new Error(f!.message), { responseCode: f!.code });
  };

  const options: SMTPServerOptions = {
    logger: false,
    // no certificate here: STARTTLS is not offered, so AUTH has to be allowed in the clear
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      callback(failure('MAIL'));
    },
    onRcptTo(_address, _session, callback) {
      callback(failure('RCPT'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const failed = failure('DATA');
        if (failed) return callback(failed);
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw,
          ...parse(raw),
        };
        messages.push(mail);
        opts.onMessage?.(mail);
        callback(null);
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = opts.auth ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@` : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    failNext(command, code, message = code >= 500 ? 'Transaction failed' : 'Try again later') {
      failures.push({ command, code, message });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers and text of a single-part message (what the product sends); enough for assertions. */
function parse(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable' ? quotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

function quotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')),
    );
}
