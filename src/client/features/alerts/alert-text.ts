/** How an alert's rule and status read in the list. */
import { ALERTS_MSG } from '@shared/alerts-messages';
import type { AlertDto } from '@shared/contract/alerts';
import { formatKickoff } from '@shared/format';
import { providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';

/** '≥ 2.50 · drops 10 % · any bookmaker · boosted included'. */
export function ruleText(alert: AlertDto): string {
  const parts: string[] = [];
  if (alert.atLeast !== null) parts.push(ALERTS_MSG.ruleAtLeast(formatOdds(alert.atLeast)));
  if (alert.dropPct !== null) parts.push(ALERTS_MSG.ruleDrop(String(alert.dropPct)));
  parts.push(alert.providerId === null ? ALERTS_MSG.ruleAnyBook : providerName(alert.providerId));
  if (alert.includeBoosted) parts.push(ALERTS_MSG.ruleBoosted);
  return parts.join(' · ');
}

/** 'Fired: 2.55 at BetKing, Today • 16:05', 'Active' or 'Ended'. */
export function statusText(alert: AlertDto, now: Date, timeZone?: string): { label: string; detail?: string } {
  if (alert.status === 'active') return { label: ALERTS_MSG.statusActive };
  if (alert.status === 'ended') return { label: ALERTS_MSG.statusEnded };
  const detail =
    alert.firedValue !== null && alert.firedProviderId !== null && alert.firedAt !== null
      ? ALERTS_MSG.firedWith(
          formatOdds(alert.firedValue),
          providerName(alert.firedProviderId),
          formatKickoff(alert.firedAt, now, timeZone),
        )
      : undefined;
  return { label: ALERTS_MSG.statusFired, detail };
}
