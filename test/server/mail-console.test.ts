/** The outbox transport (no SMTP_URL) prints each e-mailed code on a plain line of its own. */
import os from 'node:os';
import path from 'node:path';
import { createMailer, maskAddress } from '../../src/server/core/mail/mailer';

const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;

describe('console mail', () => {
  it('prints "Code for <masked address>: <code>" once per message with a code', async () => {
    const lines: string[] = [];
    const mailer = createMailer(
      {
        smtpUrl: null,
        mailFrom: 'OddsMate <no-reply@oddsmate.local>',
        dataDir: path.join(os.tmpdir(), `oddsmate-console-mail-${process.pid}-${Date.now()}`),
      },
      silentLog,
      (line) => lines.push(line),
    );
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your code',
      text: 'Your code: 123456',
      html: '',
      code: '123456',
    });
    await mailer.send({ to: 'ada@example.com', subject: 'Changed', text: 'changed', html: '' });
    mailer.close();
    expect(lines).toEqual(['Code for a***@example.com: 123456']);
  });

  it('masks all of the local part but its first letter', () => {
    expect(maskAddress('ada@example.com')).toBe('a***@example.com');
    expect(maskAddress('x@y.ng')).toBe('x***@y.ng');
    expect(maskAddress('broken')).toBe('***');
  });
});
