/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise an outbox transport
 * that logs each message with its code and writes it to DATA_DIR/outbox/,
 * so a person running the app locally can read codes without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time code inside, for the outbox log line; never sent as a header. */
  code?: string;
  /** Extra headers, e.g. List-Unsubscribe on alert mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailerSettings {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
}

function smtpMailer(transport: Transporter, from: string): Mailer {
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ from, to, subject, text, html, headers });
    },
    close: () => transport.close(),
  };
}

function outboxMailer(from: string, dir: string, log: FastifyBaseLogger, print: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, code, headers }) {
      const info = await transport.sendMail({ from, to, subject, text, html, headers });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}-${to.replace(/[^\w.@-]/g, '_')}.eml`);
      await mkdir(dir, { recursive: true });
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Printing the code is the point of this transport: it stands in for a mailbox locally.
      log.info({ mail: { to, subject, file } }, `mail to ${to}: ${subject}${code ? ` (code ${code})` : ''}`);
      if (code) print(`Code for ${maskAddress(to)}: ${code}`);
    },
    close: () => transport.close(),
  };
}

/** `ada@example.com` → `a***@example.com`: enough to tell codes apart, not the whole address. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? '***' : `${address[0]}***${address.slice(at)}`;
}

const printLine = (line: string) => {
  process.stdout.write(`${line}\n`);
};

/**
 * SMTP when `smtpUrl` is set, else the outbox, which also prints each code on a plain line of
 * its own (`print`, stdout by default) for the person running the app.
 */
export function createMailer(
  settings: MailerSettings,
  log: FastifyBaseLogger,
  print: (line: string) => void = printLine,
): Mailer {
  if (settings.smtpUrl) {
    // The URL's own settings win; these bound how long a request can wait on a slow server.
    const transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return smtpMailer(transport, settings.mailFrom);
  }
  return outboxMailer(settings.mailFrom, path.join(settings.dataDir, 'outbox'), log, print);
}
