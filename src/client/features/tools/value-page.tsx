import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_DEVIG_METHOD, DEVIG_METHODS, isDevigMethod, type DevigMethod } from '@shared/betting/devig';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import { marketName, NIGERIA_COUNTRY_ID, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { METHOD_ABOUT, METHOD_NAMES, TOOLS_MSG } from '@shared/tools-messages';
import { matchHref } from '../../components/odds/match-path';
import { selectionLabel } from '../../components/odds/selection-label';
import { useMyBooks } from '../../lib/my-books';
import { SelectField } from '../../components/select-field';
import { ToolFrame, ToolList } from './tool-frame';
import { useGetValueBetsQuery } from './tools.api';

/** What fair odds are and what each method does: under the list, which leads. */
function FairOddsAbout() {
  return (
    <section className="mt-4 fair-about" aria-labelledby="fair-about">
      <h2 id="fair-about" className="h6">
        {TOOLS_MSG.fairAbout}
      </h2>
      <p className="small mb-2 fair-explained">{TOOLS_MSG.fairExplained}</p>
      <dl className="small method-about mb-0">
        {DEVIG_METHODS.map((m) => (
          <div key={m}>
            <dt className="d-inline">{METHOD_NAMES[m]}:</dt> <dd className="d-inline mb-0">{METHOD_ABOUT[m]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * `/tools/value`: prices at least 2 % above their fair price, largest edge first as served (an
 * implausible edge, above 25 %, comes after the rest marked "check this price"), for the chosen
 * de-vigging method (multiplicative by default). The method menu comes before the list, what fair
 * odds are and what each method does after it: on a phone the first prices are on the first screen.
 */
export function ValuePage({ pollingIntervalMs = ODDS_POLL_INTERVAL_MS }: { pollingIntervalMs?: number }) {
  const [method, setMethod] = useState<DevigMethod>(DEFAULT_DEVIG_METHOD);
  // The list waits for the person's bookmakers, so it is asked for once, already limited.
  const { limit, settled } = useMyBooks();
  const result = useGetValueBetsQuery(
    { country: NIGERIA_COUNTRY_ID, method, books: limit },
    { pollingInterval: pollingIntervalMs, skipPollingIfUnfocused: true, skip: !settled },
  );
  return (
    <ToolFrame tool="value">
      <SelectField
        className="d-flex flex-wrap align-items-center gap-2 mb-2"
        label={TOOLS_MSG.method}
        labelClassName="small fw-semibold mb-0"
        small
        selectClassName="w-auto"
        value={method}
        options={DEVIG_METHODS.map((m) => ({ value: m, label: METHOD_NAMES[m] }))}
        onValue={(value) => isDevigMethod(value) && setMethod(value)}
      />
      <p className="small text-body-secondary mb-3" aria-live="polite">
        {TOOLS_MSG.methodUsed(METHOD_NAMES[method])}
      </p>
      <ToolList tool="value" result={result} items={result.currentData?.values} after={<FairOddsAbout />}>
        {(v) => (
          <li
            key={`${v.eventId}:${v.marketId}:${v.selectionTypeId}:${v.providerId}`}
            className="card card-body p-2 value-card"
          >
            <div className="d-flex flex-wrap justify-content-between gap-1">
              <Link to={matchHref(v.eventId)} className="fw-semibold tool-card-title">
                {v.name}
              </Link>
              <span className="fw-bold text-success-emphasis value-edge">
                {TOOLS_MSG.edge} +{v.edgePct.toFixed(2)}%
              </span>
              {v.checkPrice && <span className="badge text-bg-warning value-check">{TOOLS_MSG.checkPrice}</span>}
            </div>
            <span className="small">
              {marketName(v.marketId)} · {selectionLabel(v.marketId, v.selectionTypeId)} · {providerName(v.providerId)}
            </span>
            <span className="small">
              {TOOLS_MSG.price} <span className="fw-bold">{formatOdds(v.value)}</span> · {TOOLS_MSG.fair}{' '}
              {formatOdds(v.fairValue)}
            </span>
          </li>
        )}
      </ToolList>
    </ToolFrame>
  );
}
