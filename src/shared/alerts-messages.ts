/**
 * User-facing strings of favourite teams, price alerts, the bell and the delivery switches
 * (docs/product.md §11), kept out of messages.ts so they travel with the chunks that show them
 * instead of the first bundle.
 */
import { ACTIVE_ALERTS_MAX } from './constants';

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
  notificationText: (selection: string, value: string, book: string) => `${selection} is ${value} at ${book}`,

  deliveryTitle: 'Alert delivery',
  deliveryIntro: 'Choose how fired alerts reach you.',
  channelInApp: 'In the app (the bell)',
  channelEmail: 'By e-mail',
  channelPush: 'Push notifications on this device',
  settingsFailed: 'Failed to save your alert settings. Please try again.',
  pushDenied: 'Notifications are blocked for this site. Allow them in the browser settings to get push alerts.',
  pushUnsupported: 'This browser cannot receive push notifications.',
} as const;
