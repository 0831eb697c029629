/**
 * The alert e-mail (docs/product.md#constants): one mail lists every alert
 * that fired since the last one — the book that moved and the best current price — each with a
 * link to its match; every mail carries the
 * one-click unsubscribe link in its body and in `List-Unsubscribe` / `List-Unsubscribe-Post`
 * (RFC 8058).
 */
import { APP_NAME } from '@shared/constants';
import { firedPriceText } from '@shared/alerts-messages';
import { marketName, selectionName } from '@shared/lookups';
import type { MailMessage } from '../../core/mail/mailer';
import { escapeHtml } from '../../core/mail/escape-html';

export interface FiredAlertLine {
  eventId: string;
  eventName: string;
  marketId: number;
  selectionId: number;
  providerId: number;
  value: number;
  /** The best current price of the selection when it fired, and its book (null: not known). */
  bestValue: number | null;
  bestProviderId: number | null;
}

function describe(line: FiredAlertLine): string {
  return `${line.eventName}: ${marketName(line.marketId)} ${firedPriceText(selectionName(line.selectionId), line)}`;
}

export function alertMail(
  to: string,
  username: string,
  lines: readonly FiredAlertLine[],
  publicUrl: string,
  unsubscribeUrl: string,
): MailMessage {
  const subject = lines.length === 1 ? `Price alert: ${lines[0]!.eventName}` : `${lines.length} price alerts fired`;
  const matchUrl = (line: FiredAlertLine) => `${publicUrl}/match/${encodeURIComponent(line.eventId)}`;
  const intro = `Hi ${username}, ${lines.length === 1 ? 'a price you watch reached your alert' : 'prices you watch reached your alerts'}:`;
  const off = 'You get this because price alert e-mails are on in your profile. Turn them off:';
  const text = [
    intro,
    lines.map((line) => `- ${describe(line)}\n  ${matchUrl(line)}`).join('\n'),
    'Prices move fast: check the match page before you bet.',
    `${off} ${unsubscribeUrl}`,
    `- ${APP_NAME}`,
  ].join('\n\n');
  const items = lines
    .map((line) => `<li><a href="${escapeHtml(matchUrl(line))}">${escapeHtml(describe(line))}</a></li>`)
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(intro)}</p>
<ul>
${items}
</ul>
<p>Prices move fast: check the match page before you bet.</p>
<p style="color:#666">${escapeHtml(off)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from alert e-mails</a></p>
<p style="color:#666">${APP_NAME}</p>
</body></html>`;
  return {
    to,
    subject,
    text: `${text}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
