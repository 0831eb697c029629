import { Fragment, useState } from 'react';
import { UI } from '@shared/messages';
import { useOddsQueryArg } from './use-dashboard-address';
import { oddsApi } from './odds.api';
import { useGetSourcesQuery } from './sources.api';
import { freshnessEntries } from './freshness';
import { usePulseCheckedAt } from '../../lib/pulse.api';
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';

interface FreshnessLineProps {
  /** The summary has arrived: until then nothing is asked and the line stays empty. */
  ready: boolean;
}

/**
 * When the shown prices were last updated: 'Updated HH:MM' when every
 * collected book is ok, 'SportyBet: no update for 12 min' for each book that is degraded or down;
 * books that are off are not named, and with none collected (the demo feed) the last price change
 * the dashboard saw stands in. The books' health is asked again when the pulse says it moved. The line
 * keeps its height when empty, so nothing below it moves when it fills.
 */
export function FreshnessLine({ ready }: FreshnessLineProps) {
  const health = useGetSourcesQuery(undefined, { skip: !ready });
  // Minutes without an update count to the last pulse, which confirmed the health unchanged.
  const checkedAt = usePulseCheckedAt(NIGERIA_COUNTRY_ID);

  const { pricesChangedAt, updatedAt } = usePricesChangedAt();
  const settled = ready && !health.isUninitialized && !health.isLoading;
  const entries = settled
    ? freshnessEntries({
        sources: health.isError ? undefined : health.currentData,
        checkedAt: Math.max(health.fulfilledTimeStamp ?? 0, checkedAt ?? 0) || undefined,
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
  const arg = useOddsQueryArg();
  const { currentData, fulfilledTimeStamp, isError } = oddsApi.endpoints.getOdds.useQueryState(arg);
  const [seen, setSeen] = useState<{ data: object; at: number } | null>(null);
  if (currentData && fulfilledTimeStamp !== undefined && seen?.data !== currentData) {
    setSeen({ data: currentData, at: fulfilledTimeStamp });
  }
  if (isError || !currentData?.events?.length || seen?.data !== currentData) return {};
  const updatedAt = currentData.updatedAt ? Date.parse(currentData.updatedAt) : Number.NaN;
  return { pricesChangedAt: seen.at, updatedAt: Number.isNaN(updatedAt) ? undefined : updatedAt };
}
