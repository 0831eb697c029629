/**
 * Every migration, by dated name. A static record rather than a folder scan, so it works the
 * same under tsx, jest and any bundler. Add one line per new migration file.
 */
import type { Migration } from 'kysely';
import * as accounts from './2026-11-22-0001-accounts';
import * as odds from './2026-11-22-0002-odds';
import * as accessRevocations from './2026-11-22-0003-access-revocations';
import * as priceHistorySeries from './2026-11-29-0004-price-history-series';
import * as oddsSourceHealth from './2026-11-29-0005-odds-source-health';
import * as sessionRevocations from './2026-11-30-0001-session-revocations';
import * as regularPrices from './2026-11-30-0002-regular-prices-and-freshness';
import * as priceHistoryVersion from './2026-12-01-0001-price-history-version';
import * as alerts from './2026-12-01-0002-alerts';
import * as eventIdentity from './2026-12-02-0001-event-identity';
import * as credentialsVersion from './2026-12-02-0011-credentials-version';
import * as priceBookingRefs from './2026-12-02-0002-price-booking-refs';
import * as incrementalOdds from './2026-12-02-0003-incremental-odds';
import * as alertsBestPrice from './2026-12-03-0001-alerts-best-price';
import * as myBookmakers from './2026-12-03-0001-mybooks-my-bookmakers';
import * as ingestRunsVersion from './2026-12-03-0001-snapshot-ingest-runs-version';
import * as priceHistoryVersionDropped from './2026-12-04-0001-price-history-version-dropped';

export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-accounts': accounts,
  '2026-11-22-0002-odds': odds,
  '2026-11-22-0003-access-revocations': accessRevocations,
  '2026-11-29-0004-price-history-series': priceHistorySeries,
  '2026-11-29-0005-odds-source-health': oddsSourceHealth,
  '2026-11-30-0001-session-revocations': sessionRevocations,
  '2026-11-30-0002-regular-prices-and-freshness': regularPrices,
  '2026-12-01-0001-price-history-version': priceHistoryVersion,
  '2026-12-01-0002-alerts': alerts,
  '2026-12-02-0001-event-identity': eventIdentity,
  '2026-12-02-0011-credentials-version': credentialsVersion,
  '2026-12-02-0002-price-booking-refs': priceBookingRefs,
  '2026-12-02-0003-incremental-odds': incrementalOdds,
  '2026-12-03-0001-alerts-best-price': alertsBestPrice,
  '2026-12-03-0001-mybooks-my-bookmakers': myBookmakers,
  '2026-12-03-0001-snapshot-ingest-runs-version': ingestRunsVersion,
  '2026-12-04-0001-price-history-version-dropped': priceHistoryVersionDropped,
};
