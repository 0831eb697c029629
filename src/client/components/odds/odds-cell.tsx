import { OddsFlag, hasFlag } from '@shared/lookups';
import type { OddsPriceDto } from '@shared/contract/odds';
import { formatOdds } from '@shared/odds-math';

/** Text alternatives of the flag icons (the help page explains the icons; docs/product.md §2). */
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

function Icon({ glyph, className, text }: { glyph: string; className: string; text: string }) {
  return (
    <>
      <span className={`odds-icon ${className}`} aria-hidden="true">
        {glyph}
      </span>
      <span className="visually-hidden"> {text}</span>
    </>
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
 * Decreased a red down arrow, Boosted a lightning bolt, each with visually-hidden text.
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
        {hasFlag(flags, OddsFlag.Increased) && <Icon glyph="▲" className="text-success" text={FLAG_TEXT.increased} />}
        {hasFlag(flags, OddsFlag.Decreased) && <Icon glyph="▼" className="text-danger" text={FLAG_TEXT.decreased} />}
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
