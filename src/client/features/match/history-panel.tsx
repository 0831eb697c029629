import { useEffect, useMemo, useRef } from 'react';
import { Alert, Spinner } from 'reactstrap';
import type { MarketOddsDto } from '@shared/contract/odds';
import { hasFlag, marketName, OddsFlag, providerName } from '@shared/lookups';
import { MATCH_MSG } from '@shared/match-messages';
import { UI } from '@shared/messages';
import { selectionLabel } from '../../components/odds/selection-label';
import { useShownError } from '../../lib/shown-error';
import { AlertForm } from './alert-form';
import { useGetPriceHistoryQuery } from './match.api';
import { AddToSlip } from './add-to-slip';
import { openingKey, openingToCurrent, type OpeningIndex } from './opening-table';
import { PriceChart, type ChartSeries } from './price-chart';
import { ErrorMessageFor } from '../../components/error-ref';

interface HistoryPanelProps {
  eventId: string;
  market: MarketOddsDto;
  selectionTypeId: number;
  /** The book whose price was tapped; the bet-slip button uses the best price's book without one. */
  providerId?: number;
  eventName: string;
  openings: OpeningIndex;
  onClose(): void;
  /** The moment the time axis ends at (tests fix it); defaults to now. */
  now?: number;
  timeZone?: string;
}

/** One selection's price history for every bookmaker, opened by tapping a price. */
export function HistoryPanel({
  eventId,
  market,
  selectionTypeId,
  providerId,
  eventName,
  openings,
  onClose,
  now,
  timeZone,
}: HistoryPanelProps) {
  const { marketId } = market;
  const { data, error, isError, isFetching, fulfilledTimeStamp } = useGetPriceHistoryQuery({ eventId, marketId });
  useShownError('history', isError ? error : undefined, MATCH_MSG.historyFailed);
  const title = `${selectionLabel(marketId, selectionTypeId)} · ${marketName(marketId)}`;

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [marketId, selectionTypeId]);

  const series = useMemo<ChartSeries[]>(() => {
    const current = new Map(
      market.odds.map((row) => [row.providerId, row.odds.find((p) => p.selectionTypeId === selectionTypeId)]),
    );
    const values = [...current.values()].map((p) => p?.value ?? null).filter((v): v is number => v !== null);
    const top = values.length ? Math.max(...values) : null;
    return (data?.series ?? [])
      .filter((s) => s.selectionTypeId === selectionTypeId && s.points.length > 0)
      .map((s) => {
        const price = current.get(s.providerId);
        const best = price?.value != null && (hasFlag(price.flags, OddsFlag.Best) || price.value === top);
        return {
          id: s.providerId,
          label: providerName(s.providerId),
          points: s.points.map((p) => ({ at: Date.parse(p.at), value: p.value })),
          best,
          note: openingToCurrent(openings.get(openingKey(s.providerId, selectionTypeId)), price?.value),
        };
      });
  }, [data, market, selectionTypeId, openings]);

  let content;
  if (isError)
    content = (
      <Alert color="danger" fade={false}>
        <ErrorMessageFor source="history">{MATCH_MSG.historyFailed}</ErrorMessageFor>
      </Alert>
    );
  else if (data && series.length === 0)
    content = (
      <Alert color="info" fade={false}>
        {MATCH_MSG.noHistory}
      </Alert>
    );
  else if (data)
    content = <PriceChart series={series} title={title} now={now ?? fulfilledTimeStamp ?? 0} timeZone={timeZone} />;
  else if (isFetching)
    content = (
      <div className="py-4 text-center">
        <Spinner color="primary" size="sm">
          {UI.loading}
        </Spinner>
      </div>
    );

  return (
    <section className="history-panel card card-body p-2 p-sm-3 mb-3" aria-labelledby={`history-${marketId}`}>
      <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
        <h3 id={`history-${marketId}`} ref={headingRef} tabIndex={-1} className="h6 mb-0">
          {MATCH_MSG.priceHistory}: {title}
        </h3>
        <button type="button" className="btn-close" aria-label={MATCH_MSG.closeHistory} onClick={onClose} />
      </div>
      <AddToSlip
        eventId={eventId}
        eventName={eventName}
        market={market}
        selectionTypeId={selectionTypeId}
        providerId={providerId}
      />
      {content}
      <AlertForm
        key={`${marketId}:${selectionTypeId}`}
        eventId={eventId}
        marketId={marketId}
        selectionTypeId={selectionTypeId}
        providerIds={market.odds.map((row) => row.providerId)}
      />
    </section>
  );
}
