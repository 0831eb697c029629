import { Fragment, useEffect, useRef, useState } from 'react';
import { UI } from '@shared/messages';
import { useAppSelector } from '../../app/hooks';
import { selectOddsQueryArg } from './dashboard.selectors';
import { oddsApi } from './odds.api';
import { useGetSourcesQuery } from './sources.api';
import { freshnessEntries } from './freshness';
import { usePageVisible } from '../../lib/use-page-visible';

interface FreshnessLineProps {
  /** The odds refresh period: the books' health is asked on the same beat. */
  pollingIntervalMs: number;
  /** The summary has arrived: until then nothing is asked and the line stays empty. */
  ready: boolean;
}

/**
 * When the shown prices were last updated (docs/product.md §2): 'Updated HH:MM' when every
 * collected book is ok, 'SportyBet: no update for 12 min' for each book that is degraded or down;
 * books that are off are not named, and with none collected (the demo feed) the last price change
 * the dashboard saw stands in. Polled with the odds, paused while the tab is hidden. The line
 * keeps its height when empty, so nothing below it moves when it fills.
 */
export function FreshnessLine({ pollingIntervalMs, ready }: FreshnessLineProps) {
  const visible = usePageVisible();
  const health = useGetSourcesQuery(undefined, {
    skip: !ready,
    pollingInterval: visible ? pollingIntervalMs : 0,
    skipPollingIfUnfocused: true,
  });
  const { refetch, isUninitialized } = health;

  // Coming back to the tab catches up at once, as the odds do.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && !isUninitialized) void refetch();
    wasVisible.current = visible;
  }, [visible, isUninitialized, refetch]);

  const { pricesChangedAt, updatedAt } = usePricesChangedAt();
  const settled = ready && !health.isUninitialized && !health.isLoading;
  const entries = settled
    ? freshnessEntries({
        sources: health.isError ? undefined : health.currentData,
        checkedAt: health.fulfilledTimeStamp,
        pricesChangedAt,
        updatedAt,
      })
    : [];

  return (
    <p className="dashboard-freshness small text-body-secondary mb-2">
      {entries.map((entry, i) => (
        <Fragment key={entry}>
          {i > 0 && UI.freshness.separator}
          <span>{entry}</span>
        </Fragment>
      ))}
    </p>
  );
}

/**
 * When the shown odds answer last changed: the arrival of the first answer for the current
 * league and market, then of each answer that differs from the one before (RTK Query keeps the
 * same `data` object for an answer equal to the last one). Undefined while no prices are shown.
 */
function usePricesChangedAt(): { pricesChangedAt?: number; updatedAt?: number } {
  const arg = useAppSelector(selectOddsQueryArg);
  const { currentData, fulfilledTimeStamp, isError } = oddsApi.endpoints.getOdds.useQueryState(arg);
  const [seen, setSeen] = useState<{ data: object; at: number } | null>(null);
  if (currentData && fulfilledTimeStamp !== undefined && seen?.data !== currentData) {
    setSeen({ data: currentData, at: fulfilledTimeStamp });
  }
  if (isError || !currentData?.events?.length || seen?.data !== currentData) return {};
  const updatedAt = currentData.updatedAt ? Date.parse(currentData.updatedAt) : Number.NaN;
  return { pricesChangedAt: seen.at, updatedAt: Number.isNaN(updatedAt) ? undefined : updatedAt };
}
