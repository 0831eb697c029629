/**
 * A real SMTP server in the test process that keeps every message the app sends, so a journey
 * can read the 6-digit code from the e-mail a person would receive. STARTTLS and AUTH are off:
 * the app's nodemailer transport then talks plain SMTP to it on 127.0.0.1.
 */
import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
  at: number;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** The next message to `address` (case-insensitive) received after `since` (ms epoch). */
  waitForMail(address: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  /** The 6-digit code of the latest message received so far to `address`. */
  latestCode(address: string): string;
  /** The 6-digit code of the next message to `address` received after `since`. */
  waitForCode(address: string, options?: { since?: number; timeoutMs?: number }): Promise<string>;
  stop(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, body } = parseMessage(raw);
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: decodeWords(headers.get('subject') ?? ''),
          text: body,
          raw,
          at: Date.now(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const waitForMail: SmtpCapture['waitForMail'] = (address, { since = 0, timeoutMs = 15_000 } = {}) => {
    const wanted = address.toLowerCase();
    const find = () => messages.find((mail) => mail.at >= since && mail.to.includes(wanted));
    return new Promise((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const wake = () => {
        const mail = find();
        if (!mail) return;
        cleanup();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No e-mail to ${address} within ${timeoutMs} ms (${messages.length} captured)`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    latestCode(address) {
      const wanted = address.toLowerCase();
      const mail = messages.filter((m) => m.to.includes(wanted)).at(-1);
      if (!mail) throw new Error(`No e-mail to ${address} captured`);
      return codeFrom(mail);
    },
    async waitForCode(address, options) {
      const mail = await waitForMail(address, options);
      return codeFrom(mail);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first stand-alone 6-digit number of the message (subject first, then the body). */
export function codeFrom(mail: CapturedMail): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(`${mail.subject}\n${mail.text}`);
  if (!match?.[1]) throw new Error(`No 6-digit code in the e-mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Headers (unfolded, lower-cased names) and the readable text of a raw RFC 5322 message. */
export function parseMessage(raw: string): Part {
  const { headers, body } = splitPart(raw);
  return { headers, body: readable(headers, body) };
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Plain text of a part: text/plain preferred, HTML stripped of tags, multiparts walked. */
function readable(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => splitPart(part.replace(/^\n/, '')));
    const plain = parts.find((part) => /^text\/plain/i.test(part.headers.get('content-type') ?? 'text/plain'));
    const chosen = plain ?? parts[0];
    return chosen ? readable(chosen.headers, chosen.body) : '';
  }
  const decoded = decodeBody(headers.get('content-transfer-encoding') ?? '7bit', body);
  return /^text\/html/i.test(type)
    ? decoded
        .replace(/<[^>]+>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
    : decoded;
}

function decodeBody(encoding: string, body: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const input = Buffer.from(text.replace(/=\n/g, ''), 'utf8');
  const out: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input[i] === 0x3d ? input.subarray(i + 1, i + 3).toString('latin1') : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(input[i] ?? 0);
  }
  return Buffer.from(out).toString('utf8');
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
