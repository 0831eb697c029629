/**
 * A real SMTP server in the test process (docs/architecture.md#tests: mail is caught, not mocked), used by
 * the server suites and the browser journeys alike. It keeps every raw message, stamped with
 * its arrival time, and decodes just enough MIME (multipart, quoted-printable, base64) to read
 * subjects, bodies and the 6-digit code. STARTTLS and AUTH are off: the app's nodemailer
 * transport talks plain SMTP to it on 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface WaitOptions {
  /** The `count`-th message to the address (1-based; default: the next one after those already here). */
  count?: number;
  /** Instead of `count`: the first message to the address that arrived at or after this time (ms epoch). */
  since?: number;
  timeoutMs?: number;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Messages addressed to `address` (case-insensitive), oldest first. */
  messagesTo(address: string): CapturedMail[];
  /** Waits for a message to the address (see WaitOptions). */
  waitForMail(address: string, options?: WaitOptions): Promise<CapturedMail>;
  /** The 6-digit code of the message `waitForMail` finds with the same options. */
  waitForCode(address: string, options?: WaitOptions): Promise<string>;
  /** The 6-digit code of the latest message to `address`, waiting briefly for one to arrive. */
  codeFor(address: string, timeoutMs?: number): Promise<string>;
  /** The 6-digit code of the latest message received so far to `address`. */
  latestCode(address: string): string;
  clear(): void;
  close(): Promise<void>;
}

function headerBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QBqb])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return bytes;
  }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: headerBlock(raw), body: '' };
  return { headers: headerBlock(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

/** Text and HTML bodies of a message, walking nested multiparts. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const result = { text: '', html: '' };
  const walk = (part: string) => {
    const { headers, body } = split(part);
    const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      const pieces = body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) if (!piece.startsWith('--')) walk(piece.replace(/^\r?\n/, ''));
    } else if (type.startsWith('text/html')) {
      result.html += decodeBody(headers, body);
    } else if (type.startsWith('text/plain')) {
      result.text += decodeBody(headers, body);
    }
  };
  walk(raw);
  return { headers: split(raw).headers, ...result };
}

export function codeIn(mail: Pick<CapturedMail, 'text'>): string | undefined {
  return /\b(\d{6})\b/.exec(mail.text)?.[1];
}

function codeOf(mail: CapturedMail): string {
  const code = codeIn(mail);
  if (!code) throw new Error(`no 6-digit code in the e-mail "${mail.subject}" to ${mail.to.join(', ')}`);
  return code;
}

/** `timeoutMs`: how long a wait lasts unless the call says otherwise (browser journeys wait longer). */
export async function startSmtpCapture({ timeoutMs: defaultTimeoutMs = 5000 } = {}): Promise<SmtpCapture> {
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
        const { headers, text, html } = parseMail(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: decodeWords(headers.subject ?? ''),
          text,
          html,
          at: Date.now(),
        });
        waiters.forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const messagesTo = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));

  const waitForMail: SmtpCapture['waitForMail'] = (address, options = {}) => {
    const { since } = options;
    const count = options.count ?? messagesTo(address).length + 1;
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    const wanted = since === undefined ? `#${count}` : `since ${new Date(since).toISOString()}`;
    return new Promise((resolve, reject) => {
      const check = () => {
        const mine = messagesTo(address);
        const found = since === undefined ? mine[count - 1] : mine.find((mail) => mail.at >= since);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no mail ${wanted} to ${address} within ${timeoutMs} ms (${messages.length} captured)`));
      }, timeoutMs);
      waiters.add(wake);
      check();
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    messagesTo,
    waitForMail,
    waitForCode: async (address, options) => codeOf(await waitForMail(address, options)),
    latestCode(address) {
      const mail = messagesTo(address).at(-1);
      if (!mail) throw new Error(`no e-mail to ${address} captured`);
      return codeOf(mail);
    },
    async codeFor(address, timeoutMs = defaultTimeoutMs) {
      const existing = messagesTo(address).length;
      const mail = await waitForMail(address, { count: Math.max(existing, 1), timeoutMs });
      const code = codeIn(messagesTo(address).at(-1) ?? mail);
      if (!code) throw new Error(`the latest mail to ${address} holds no 6-digit code`);
      return code;
    },
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
