/**
 * User-facing strings of favourite teams, price alerts, the bell and the delivery switches
 *, kept out of messages.ts so they travel with the chunks that show them
 * instead of the first bundle.
 */
import { ACTIVE_ALERTS_MAX } from './constants';
import { providerName } from './lookups';
import { formatOdds } from './odds-math';

/** The best current price beside a fired alert's: another book's, the mover's own, or unknown (null). */
type BestNow = { value: string; book: string } | 'mover' | null;

export const ALERTS_MSG = {
  addTeam: (team: string) => `Add ${team} to my teams`,
  removeTeam: (team: string) => `Remove ${team} from my teams`,
  favouritesFailed: 'Failed to save your teams. Please try again.',
  myTeams: 'My teams',
  myTeamsEmpty: 'Star a team on a match to see its matches here.',
  myTeamsNoMatches: 'None of your teams has a match listed for this market.',

  alertMe: 'Alert me',
  alertHeading: 'Price alert',
  whenAtLeast: 'When the price is at least',
  whenDrops: 'When it drops by at least (%)',
  anyBook: 'Any bookmaker',
  bookLabel: 'Bookmaker',
  includeBoosted: 'Include boosted prices',
  saveAlert: 'Set alert',
  alertSaved: 'Alert set. We will tell you when it fires.',
  alertNeedsRule: 'Enter a price or a drop percentage.',
  alertBadPrice: 'Enter a price above 1.00.',
  alertBadDrop: 'Enter a drop of more than 0 and at most 90 %.',
  alertLimit: `You have ${ACTIVE_ALERTS_MAX} active alerts, the most allowed. Delete one to set another.`,
  alertFailed: 'Failed to set the alert. Please try again.',

  alertsTitle: 'My alerts',
  alertsIntro: 'Each alert fires once, then stays here with the price that set it off. Alerts end at kick-off.',
  alertsEmpty: 'No alerts yet. Tap a price on a match page and choose "Alert me".',
  alertsFailed: 'Failed to load your alerts',
  deleteAlert: 'Delete alert',
  deleteFailed: 'Failed to delete the alert. Please try again.',
  statusActive: 'Active',
  statusFired: 'Fired',
  statusEnded: 'Ended',
  firedWith: (value: string, book: string, when: string) => `${value} at ${book}, ${when}`,
  ruleAtLeast: (value: string) => `≥ ${value}`,
  ruleDrop: (pct: string) => `drops ${pct} %`,
  ruleAnyBook: 'any bookmaker',
  ruleBoosted: 'boosted included',

  bell: 'Notifications',
  bellUnread: (count: number) => `Notifications, ${count} unread`,
  notificationsTitle: 'Notifications',
  notificationsEmpty: 'No notifications yet.',
  notificationsFailed: 'Failed to load notifications',
  markAllRead: 'Mark all as read',
  seeAlerts: 'My alerts',
  /**
   * A fired alert: the book that moved and the best current price of that selection, named once
   * when the mover is itself the best; older notifications without a best price say the first part.
   */
  notificationText: (selection: string, value: string, book: string, best: BestNow = null) =>
    best === 'mover'
      ? `${selection} is ${value} at ${book}, the best price now`
      : best
        ? `${selection} is ${value} at ${book} (best now: ${best.value} at ${best.book})`
        : `${selection} is ${value} at ${book}`,

  deliveryTitle: 'Alert delivery',
  deliveryIntro: 'Choose how fired alerts reach you.',
  channelInApp: 'In the app (the bell)',
  channelEmail: 'By e-mail',
  channelPush: 'Push notifications on this device',
  settingsFailed: 'Failed to save your alert settings. Please try again.',
  pushDenied: 'Notifications are blocked for this site. Allow them in the browser settings to get push alerts.',
  pushUnsupported: 'This browser cannot receive push notifications.',
} as const;

/** A fired alert's price and the best current price of its selection (null: not known). */
interface FiredPrice {
  providerId: number;
  value: number;
  bestValue: number | null;
  bestProviderId: number | null;
}

/**
 * 'Home is 2.55 at BetKing (best now: 2.60 at SportyBet)', or '…, the best price now' when the
 * book that moved holds the best price: the bell, the e-mail and the push say it alike.
 */
export function firedPriceText(selection: string, fired: FiredPrice): string {
  const { bestValue, bestProviderId } = fired;
  let best: BestNow = null;
  if (bestValue !== null && bestProviderId !== null) {
    best =
      bestProviderId === fired.providerId && bestValue === fired.value
        ? 'mover'
        : { value: formatOdds(bestValue), book: providerName(bestProviderId) };
  }
  return ALERTS_MSG.notificationText(selection, formatOdds(fired.value), providerName(fired.providerId), best);
}
