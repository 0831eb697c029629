/**
 * The account e-mails, each with a plain-text and an HTML body: verification (at
 * registration, on resend, after a login of an unverified account), password reset, the
 * "your password was changed" notice that follows every reset or change, and the notice of a
 * deleted account.
 */
import { APP_NAME } from '@shared/constants';
import type { MailMessage } from '../../core/mail/mailer';
import { escapeHtml } from '../../core/mail/escape-html';

export type VerificationReason = 'registration' | 'resend' | 'login';

function minutes(ttlS: number): string {
  const m = Math.max(1, Math.round(ttlS / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
}

function html(title: string, paragraphs: string[], code?: string): string {
  const codeBlock = code
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${code}</p>`
    : '';
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${codeBlock}
${body}
<p style="color:#666">${APP_NAME}</p>
</body></html>`;
}

function text(paragraphs: string[], code?: string): string {
  return [...(code ? [`Your code: ${code}`] : []), ...paragraphs, `- ${APP_NAME}`].join('\n\n') + '\n';
}

const VERIFY_INTRO: Record<VerificationReason, string> = {
  registration: `Welcome to ${APP_NAME}! Enter this code to verify your e-mail address and finish registering.`,
  resend: 'Here is a new verification code. Codes sent earlier no longer work.',
  login: 'You tried to log in before verifying your e-mail address. Enter this code to verify it.',
};

export function verificationMail(to: string, username: string, code: string, ttlS: number, reason: VerificationReason) {
  const paragraphs = [
    `Hi ${username},`,
    VERIFY_INTRO[reason],
    `The code expires in ${minutes(ttlS)}. If you did not sign up, ignore this e-mail.`,
  ];
  const subject = `Your ${APP_NAME} verification code`;
  return {
    to,
    subject,
    code,
    text: text(paragraphs, code),
    html: html(subject, paragraphs, code),
  } satisfies MailMessage;
}

export function passwordResetMail(to: string, username: string, code: string, ttlS: number): MailMessage {
  const paragraphs = [
    `Hi ${username},`,
    'Someone asked to reset the password of your account. Enter this code to choose a new password.',
    `The code expires in ${minutes(ttlS)}. If it was not you, ignore this e-mail; your password stays as it is.`,
  ];
  const subject = `Your ${APP_NAME} password reset code`;
  return { to, subject, code, text: text(paragraphs, code), html: html(subject, paragraphs, code) };
}

export function passwordChangedMail(to: string, username: string, at: Date): MailMessage {
  const paragraphs = [
    `Hi ${username},`,
    `Your ${APP_NAME} password was changed on ${at.toUTCString()}, and every other session was signed out.`,
    'If this was not you, reset your password now with "Forgot password" and contact support.',
  ];
  const subject = `Your ${APP_NAME} password was changed`;
  return { to, subject, text: text(paragraphs), html: html(subject, paragraphs) };
}

export function accountDeletedMail(to: string, username: string, at: Date): MailMessage {
  const paragraphs = [
    `Hi ${username},`,
    `Your ${APP_NAME} account was deleted on ${at.toUTCString()}, with everything stored about you: your profile, sessions and codes. Every session was signed out.`,
    'Feedback you sent was stored without your name and stays. If you did not delete the account, contact support.',
  ];
  const subject = `Your ${APP_NAME} account was deleted`;
  return { to, subject, text: text(paragraphs), html: html(subject, paragraphs) };
}
