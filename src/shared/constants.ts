/** Business constants and limits (docs/product.md#constants). One source of truth for both sides. */
import { NIGERIA_COUNTRY_ID } from './lookups';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_S = 60;
/** Refresh the access token when it expires within this window (docs/product.md#states). */
export const TOKEN_REFRESH_WINDOW_MS = 5 * 60 * 1000;
/** Minimum busy/loading display (docs/product.md#states). */
export const MIN_BUSY_MS = 300;
export const FEEDBACK_MAX_LENGTH = 2000;
export const FEEDBACK_ROWS = 10;
export const PREVIEW_EVENT_COUNT = 2;
/** Margin badge thresholds (docs/product.md#screens): good (green) ≤ 5, average ≤ 10, high above. */
export const MARGIN_GOOD_MAX = 5;
export const MARGIN_AVERAGE_MAX = 10;
/** Help page margin legend (docs/product.md#screens): one example of each level. */
export const MARGIN_LEGEND = [5, 10, 15] as const;
/** Registration is open in Nigeria only, the live country. */
export const REGISTRATION_COUNTRY_ID = NIGERIA_COUNTRY_ID;
export const MINIMUM_AGE = 18;
/** Odds polling on the dashboard while the tab is visible. */
export const ODDS_POLL_INTERVAL_MS = 30_000;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** localStorage key of the persisted session (docs/product.md#entities). */
export const SESSION_STORAGE_KEY = 'auth-session';
export const APP_NAME = 'OddsMate';
/** Favourite teams and price alerts (docs/product.md#constants). */
export const FAVOURITE_TEAMS_MAX = 50;
export const FAVOURITE_TEAM_MAX_LENGTH = 100;
export const ACTIVE_ALERTS_MAX = 30;
/** A drop alert's percentage: more than 0, at most this. */
export const ALERT_DROP_PCT_MAX = 90;
