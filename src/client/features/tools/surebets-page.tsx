import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardBody, Input, Label, Table } from 'reactstrap';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import type { SurebetDto } from '@shared/contract/betting';
import { formatKickoff } from '@shared/format';
import { marketName, NIGERIA_COUNTRY_ID, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { TOOLS_MSG } from '@shared/tools-messages';
import { matchHref } from '../../components/odds/match-path';
import { selectionLabel } from '../../components/odds/selection-label';
import { useMyBooks } from '../../lib/my-books';
import { StakeCalculator } from './stake-calculator';
import { ToolFrame, ToolList } from './tool-frame';
import { useGetSurebetsQuery } from './tools.api';

interface SurebetsPageProps {
  pollingIntervalMs?: number;
  timeZone?: string;
}

/**
 * `/tools/surebets`: today's sure bets, largest profit first as served, each
 * with its legs and a stake calculator; boosted prices only when ticked (`boosts=1`).
 */
export function SurebetsPage({ pollingIntervalMs = ODDS_POLL_INTERVAL_MS, timeZone }: SurebetsPageProps) {
  const boostsId = useId();
  const [boosts, setBoosts] = useState(false);
  // The list waits for the person's bookmakers, so it is asked for once, already limited.
  const { limit, settled } = useMyBooks();
  const result = useGetSurebetsQuery(
    { country: NIGERIA_COUNTRY_ID, boosts, books: limit },
    { pollingInterval: pollingIntervalMs, skipPollingIfUnfocused: true, skip: !settled },
  );
  return (
    <ToolFrame tool="surebets">
      <div className="form-check mb-3">
        <Input id={boostsId} type="checkbox" checked={boosts} onChange={(e) => setBoosts(e.target.checked)} />
        <Label for={boostsId} check>
          {TOOLS_MSG.includeBoosts}
        </Label>
      </div>
      <ToolList tool="surebets" result={result} items={result.currentData?.surebets}>
        {(s) => (
          <li key={`${s.eventId}:${s.marketId}`}>
            <SurebetCard surebet={s} timeZone={timeZone} />
          </li>
        )}
      </ToolList>
    </ToolFrame>
  );
}

function SurebetCard({ surebet, timeZone }: { surebet: SurebetDto; timeZone?: string }) {
  const titleId = useId();
  return (
    <Card className="shadow-sm surebet-card">
      <CardBody className="p-2 p-sm-3">
        <article aria-labelledby={titleId}>
          <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-1">
            <h2 id={titleId} className="h6 mb-0 tool-card-title">
              <Link to={matchHref(surebet.eventId)}>{surebet.name}</Link>
            </h2>
            <span className="fw-bold text-success-emphasis surebet-profit">
              {TOOLS_MSG.profit} {surebet.profitPct.toFixed(2)}%
            </span>
          </div>
          <p className="small text-body-secondary mb-2">
            {marketName(surebet.marketId)} ·{' '}
            <time dateTime={surebet.date}>{formatKickoff(surebet.date, new Date(), timeZone)}</time>
          </p>
          <Table size="sm" className="tool-table small mb-0">
            <thead>
              <tr>
                <th scope="col">{TOOLS_MSG.leg}</th>
                <th scope="col">{TOOLS_MSG.book}</th>
                <th scope="col" className="text-end">
                  {TOOLS_MSG.price}
                </th>
              </tr>
            </thead>
            <tbody>
              {surebet.legs.map((leg) => (
                <tr key={leg.selectionTypeId}>
                  <th scope="row" className="fw-normal">
                    {selectionLabel(surebet.marketId, leg.selectionTypeId)}
                  </th>
                  <td>{providerName(leg.providerId)}</td>
                  <td className="text-end fw-semibold">{formatOdds(leg.value)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <StakeCalculator surebet={surebet} />
        </article>
      </CardBody>
    </Card>
  );
}
