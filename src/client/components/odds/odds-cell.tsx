import { OddsFlag, hasFlag } from '@shared/lookups';
import type { OddsPriceDto } from '@shared/contract/odds';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { formatOdds } from '@shared/odds-math';
import { useMinute } from './use-minute';

/** Text alternatives of the flag icons (the help page explains the icons). */
export const FLAG_TEXT = {
  best: 'best odds',
  increased: 'odds increased',
  decreased: 'odds decreased',
  boosted: 'boosted odds',
} as const;

function BoltIcon() {
  return (
    <svg className="odds-icon text-warning" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" stroke="#664d03" strokeWidth="0.6" d="M9.5 0 2.5 9h4.5L5.5 16l8-10H8.8z" />
    </svg>
  );
}

/** An arrow marks a change within this long. */
const MOVEMENT_WINDOW_MS = 60 * 60_000;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The up or down arrow of a price that moved, only while the change is under an hour old (by
 * `changedAt`; a price without it keeps the server's flag). Its tooltip and text alternative say from
 * what price and when: 'odds increased, was 2.10, 14:32' (the user's time zone).
 */
/**
 * What a moved price's arrow says, or null when the arrow is not shown (the change is an hour old):
 * 'odds increased, was 2.10, 14:32' (the user's time zone), or just the direction without `was`.
 */
export function movementText(price: OddsPriceDto, up: boolean, now: number): string | null {
  const changedAt = price.changedAt ? Date.parse(price.changedAt) : Number.NaN;
  if (!Number.isNaN(changedAt) && now - changedAt >= MOVEMENT_WINDOW_MS) return null;
  const what: string = up ? FLAG_TEXT.increased : FLAG_TEXT.decreased;
  if (price.was == null || Number.isNaN(changedAt)) return what;
  const at = new Date(changedAt);
  return DASHBOARD_MSG.movement(
    what,
    formatOdds(price.was),
    `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`,
  );
}

function Movement({ price, up }: { price: OddsPriceDto; up: boolean }) {
  const text = movementText(price, up, useMinute());
  if (text == null) return null;
  return (
    <span title={text}>
      <span className={`odds-icon ${up ? 'text-success' : 'text-danger'}`} aria-hidden="true">
        {up ? '▲' : '▼'}
      </span>
      <span className="visually-hidden"> {text}</span>
    </span>
  );
}

/** Text after a pickable price or selection header: what tapping it opens. */
export const PRICE_HISTORY_HINT = 'price history';

interface OddsCellProps {
  price: OddsPriceDto | undefined;
  /** Makes the price a button (the match page: it opens the selection's price history). */
  onPick?: () => void;
  /** Bookmaker and selection, read after the price by screen readers when it is a button. */
  pickLabel?: string;
  /** What tapping the price does, read after it (default: price history). */
  pickHint?: string;
  /** A toggle (the dashboard's bet slip): whether this price is the chosen one (aria-pressed). */
  pressed?: boolean;
}

/**
 * One price: 2 decimals or '-'; Best bold on a warning highlight, Increased a green up arrow,
 * Decreased a red down arrow (for an hour after the change), Boosted a lightning bolt, each with
 * visually-hidden text.
 */
export function OddsCell({ price, onPick, pickLabel, pickHint = PRICE_HISTORY_HINT, pressed }: OddsCellProps) {
  const value = price?.value ?? null;
  const flags = value == null ? 0 : (price?.flags ?? 0);
  const best = hasFlag(flags, OddsFlag.Best);
  const valueClass = best ? 'odds-value fw-bold text-warning-emphasis bg-warning-subtle' : 'odds-value';
  const content = (
    <>
      <span className={value == null ? `${valueClass} text-body-secondary` : valueClass}>{formatOdds(value)}</span>
      {best && <span className="visually-hidden"> {FLAG_TEXT.best}</span>}
      <span className="odds-icons">
        {price && hasFlag(flags, OddsFlag.Increased) && <Movement price={price} up />}
        {price && hasFlag(flags, OddsFlag.Decreased) && <Movement price={price} up={false} />}
        {hasFlag(flags, OddsFlag.Boosted) && (
          <>
            <BoltIcon />
            <span className="visually-hidden"> {FLAG_TEXT.boosted}</span>
          </>
        )}
      </span>
    </>
  );
  return (
    <td className="odds-col">
      {onPick ? (
        <button
          type="button"
          className={pressed ? 'odds-pick odds-picked' : 'odds-pick'}
          aria-pressed={pressed}
          onClick={onPick}
        >
          {content}
          <span className="visually-hidden">
            {' '}
            {pickLabel} {pickHint}
          </span>
        </button>
      ) : (
        content
      )}
    </td>
  );
}
