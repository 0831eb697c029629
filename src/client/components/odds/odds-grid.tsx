import { Fragment, memo, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { EventSource, MarketOddsDto, OddsEventDto } from '@shared/contract/odds';
import { DemoDataBadge } from './demo-data-badge';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { formatKickoff } from '@shared/format';
import { leadAnswers } from '@shared/lead-answer';
import { marketSelections, providerMark, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { rowsOfBooks } from '@shared/my-books';
import { useMyBooksContext } from '../../lib/my-books-context';
import type { EventPick } from './event-card';
import { matchHref } from './match-path';
import { OddsTable } from './odds-table';
import { selectionLabel } from './selection-label';
import { useMinute } from './use-minute';
import './odds.css';

const MSG = DASHBOARD_MSG.view;

/** The margin of the best prices taken together: (Σ 1/best − 1) × 100, 2 decimals; null when one is missing. */
export function bestMargin(best: ReadonlyArray<number | null>): number | null {
  if (best.length < 2 || best.some((value) => value === null || value <= 1)) return null;
  const book = best.reduce((sum: number, value) => sum + 1 / (value as number), 0);
  return Math.round((book - 1) * 10_000) / 100;
}

interface OddsGridProps {
  events: readonly OddsEventDto[];
  /** The market shown (the dashboard lists one at a time). */
  marketId: number;
  /** Prices are toggles (the bet slip), as on the cards. */
  onPick?: (event: OddsEventDto, marketId: number, selectionTypeId: number, providerId?: number) => void;
  picks?: ReadonlyMap<string, EventPick>;
  pickHint?: string;
  /** When 'demo', the table is labelled as demo data, as the cards are. */
  source?: EventSource;
}

/**
 * The desktop's dense view: one row per match with, per selection, the best
 * price and the mark of the book paying it, the margin of those best prices together, and a
 * button that opens every bookmaker's row (the cards' table) under the match.
 */
export function OddsGrid({ events, marketId, onPick, picks, pickHint, source }: OddsGridProps) {
  const columns = marketSelections(marketId);
  return (
    <div className="odds-grid-wrap">
      {source === 'demo' && (
        <p className="demo-banner small mb-2">
          <DemoDataBadge /> <span className="text-body-secondary">{DASHBOARD_MSG.simulated}</span>
        </p>
      )}
      <table className="table table-sm align-middle odds-grid mb-3">
        <thead>
          <tr>
            <th scope="col">{MSG.match}</th>
            {columns.map((id) => (
              <th scope="col" key={id} className="text-center">
                {selectionLabel(marketId, id)}
              </th>
            ))}
            <th scope="col" className="text-center">
              {MSG.bestMargin}
            </th>
            <th scope="col">
              <span className="visually-hidden">{MSG.more}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <GridRow
              key={event.id}
              event={event}
              marketId={marketId}
              columns={columns}
              onPick={onPick}
              picked={picks ? (picks.get(event.id) ?? null) : undefined}
              pickHint={pickHint}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface GridRowProps {
  event: OddsEventDto;
  marketId: number;
  columns: readonly number[];
  onPick: OddsGridProps['onPick'];
  picked: EventPick | null | undefined;
  pickHint?: string;
}

const EMPTY_MARKET = (marketId: number): MarketOddsDto => ({ marketId, odds: [] });

/** One match; memoized on the event object, as the cards are (unchanged events keep their identity). */
const GridRow = memo(function GridRow({ event, marketId, columns, onPick, picked, pickHint }: GridRowProps) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const market = event.markets.find((m) => m.marketId === marketId) ?? EMPTY_MARKET(marketId);
  // With "My books only" the best price counts the chosen books alone, as in the cards' tables.
  const { limit } = useMyBooksContext();
  const answers = useMemo(
    () => leadAnswers(limit ? rowsOfBooks(market, limit) : market, columns),
    [market, columns, limit],
  );
  const best = columns.map((id) => answers.find((a) => a.selectionTypeId === id) ?? null);
  const margin = bestMargin(best.map((a) => a?.best ?? null));
  const kickoff = formatKickoff(event.date, new Date(useMinute()));
  const chosen = picked?.marketId === marketId ? picked : null;
  return (
    <Fragment>
      <tr className="odds-grid-row">
        <th scope="row" className="odds-grid-match">
          <Link to={matchHref(event.id)}>{event.name}</Link>
          <time dateTime={event.date} className="d-block small text-body-secondary fw-normal">
            {kickoff}
          </time>
        </th>
        {best.map((answer, i) => {
          const selectionTypeId = columns[i] as number;
          if (!answer) {
            return (
              <td key={selectionTypeId} className="text-center text-body-secondary">
                -
              </td>
            );
          }
          const providerId = answer.bestProviderIds[0] as number;
          const isPicked =
            chosen !== null && chosen?.selectionTypeId === selectionTypeId && chosen.providerId === providerId;
          const content = (
            <>
              <span className="odds-grid-price">{formatOdds(answer.best)}</span>{' '}
              <abbr className="odds-grid-book" title={answer.bestProviderIds.map(providerName).join(', ')}>
                {answer.bestProviderIds.map(providerMark).join(' ')}
              </abbr>
            </>
          );
          return (
            <td key={selectionTypeId} className="text-center">
              {onPick ? (
                <button
                  type="button"
                  className={`btn btn-sm odds-grid-pick${isPicked ? ' odds-grid-picked' : ''}`}
                  aria-pressed={isPicked}
                  aria-label={`${formatOdds(answer.best)} ${answer.bestProviderIds.map(providerMark).join(' ')}: ${selectionLabel(marketId, selectionTypeId)} ${providerName(providerId)}${pickHint ? `, ${pickHint}` : ''}`}
                  onClick={() => onPick(event, marketId, selectionTypeId, providerId)}
                >
                  {content}
                </button>
              ) : (
                content
              )}
            </td>
          );
        })}
        <td className="text-center odds-grid-margin">{margin === null ? '-' : `${margin.toFixed(2)}%`}</td>
        <td className="text-end">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-expanded={open}
            aria-controls={detailId}
            aria-label={`${MSG.more}: ${MSG.expand(event.name)}`}
            onClick={() => setOpen((was) => !was)}
          >
            {MSG.more} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr id={detailId} className="odds-grid-detail">
          <td colSpan={columns.length + 3}>
            <OddsTable
              market={market}
              onPick={onPick && ((m, s, p) => onPick(event, m, s, p))}
              pickHint={pickHint}
              pickHeaders={false}
              picked={picked === undefined ? undefined : chosen}
            />
          </td>
        </tr>
      )}
    </Fragment>
  );
});
