import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, ButtonGroup, Spinner, Table } from 'reactstrap';
import type { DropWindowH, PriceDropDto } from '@shared/contract/odds';
import { DROPS_MSG } from '@shared/match-messages';
import { UI } from '@shared/messages';
import { marketName, NIGERIA_COUNTRY_ID, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { matchHref } from '../../components/odds/match-path';
import { selectionLabel } from '../../components/odds/selection-label';
import { useMinute } from '../../components/odds/use-minute';
import { useShownError } from '../../lib/shown-error';
import { useGetDropsQuery } from './match.api';
import { momentLabel } from './time-labels';
import { useMediaQuery } from './use-media-query';
import './match.css';
import { ErrorMessageFor } from '../../components/error-ref';

/** The menu's windows (the contract's DROP_WINDOWS_H; the client imports only its types). */
const WINDOWS: readonly DropWindowH[] = [1, 6, 24];
const DEFAULT_WINDOW_H: DropWindowH = 24;
/** Drops are computed at most a minute apart on the server; asking more often gains nothing. */
const DROPS_POLL_MS = 60_000;

function windowOf(value: string | null): DropWindowH {
  return WINDOWS.find((h) => String(h) === value) ?? DEFAULT_WINDOW_H;
}

/** '-20.00%' */
const changeLabel = (changePct: number) => `${changePct.toFixed(2)}%`;
const fromTo = (drop: PriceDropDto) => `${formatOdds(drop.from)} → ${formatOdds(drop.to)}`;

interface DropsPageProps {
  /** The moment 'when' labels are relative to (tests fix it). */
  now?: number;
  timeZone?: string;
}

/**
 * `/drops` (docs/architecture.md §3): the biggest price drops of the last 1, 6 or 24 hours (`?hours=`), in the
 * order served (biggest first); each links to its match page. Cards on phones, a table from md.
 */
export function DropsPage({ now, timeZone }: DropsPageProps) {
  // The window lives in the address (`?hours=6`), read without useSearchParams so the shared
  // router code every page loads does not grow.
  const { search } = useLocation();
  const navigate = useNavigate();
  const hours = windowOf(new URLSearchParams(search).get('hours'));
  const { currentData, error, isError, isFetching } = useGetDropsQuery(
    { country: NIGERIA_COUNTRY_ID, hours },
    { pollingInterval: DROPS_POLL_MS, skipPollingIfUnfocused: true },
  );
  useShownError('drops', isError ? error : undefined, DROPS_MSG.failed);
  const wide = useMediaQuery('(min-width: 768px)');
  const thisMinute = useMinute();
  const at = now ?? thisMinute;
  const drops = currentData?.drops;

  let content;
  if (isError)
    content = (
      <Alert color="danger" fade={false}>
        <ErrorMessageFor source="drops">{DROPS_MSG.failed}</ErrorMessageFor>
      </Alert>
    );
  else if (drops && drops.length === 0) content = <Alert color="info">{DROPS_MSG.empty}</Alert>;
  else if (drops && wide) content = <DropsTable drops={drops} now={at} timeZone={timeZone} />;
  else if (drops) content = <DropsList drops={drops} now={at} timeZone={timeZone} />;
  else if (isFetching)
    content = (
      <div className="d-flex justify-content-center py-5">
        <Spinner color="primary">{UI.loading}</Spinner>
      </div>
    );

  return (
    <main className="container py-3 drops-page">
      <h1 className="h4 mb-1">{DROPS_MSG.title}</h1>
      <p className="small text-body-secondary mb-3">{DROPS_MSG.intro}</p>
      <ButtonGroup className="drops-menu mb-3" role="group" aria-label={DROPS_MSG.windowLabel}>
        {WINDOWS.map((h) => (
          <Button
            key={h}
            color="primary"
            outline={h !== hours}
            size="sm"
            aria-pressed={h === hours}
            onClick={() => navigate({ search: `?hours=${h}` }, { replace: true })}
          >
            {DROPS_MSG.window(h)}
          </Button>
        ))}
      </ButtonGroup>
      <section aria-label={DROPS_MSG.window(hours)} aria-busy={isFetching}>
        {content}
      </section>
    </main>
  );
}

interface DropsViewProps {
  drops: readonly PriceDropDto[];
  now: number;
  timeZone?: string;
}

function DropsList({ drops, now, timeZone }: DropsViewProps) {
  return (
    <ol className="list-unstyled mb-0 drops-list">
      {drops.map((drop) => (
        <li key={`${drop.eventId}:${drop.marketId}:${drop.selectionTypeId}:${drop.providerId}`} className="drop-card">
          <Link to={matchHref(drop.eventId)} className="fw-semibold">
            {drop.name}
          </Link>
          <span className="drop-change fw-bold text-danger-emphasis">{changeLabel(drop.changePct)}</span>
          <span className="small">
            {marketName(drop.marketId)} · {selectionLabel(drop.marketId, drop.selectionTypeId)} ·{' '}
            {providerName(drop.providerId)}
          </span>
          <span className="small text-end text-nowrap">{fromTo(drop)}</span>
          <time className="small text-body-secondary" dateTime={drop.at}>
            {momentLabel(drop.at, now, timeZone)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function DropsTable({ drops, now, timeZone }: DropsViewProps) {
  const c = DROPS_MSG.columns;
  return (
    <Table size="sm" hover className="drops-table align-middle">
      <thead>
        <tr>
          <th scope="col">{c.match}</th>
          <th scope="col">{c.market}</th>
          <th scope="col">{c.selection}</th>
          <th scope="col">{c.bookmaker}</th>
          <th scope="col" className="text-end">
            {c.fromTo}
          </th>
          <th scope="col" className="text-end">
            {c.change}
          </th>
          <th scope="col">{c.when}</th>
        </tr>
      </thead>
      <tbody>
        {drops.map((drop) => (
          <tr key={`${drop.eventId}:${drop.marketId}:${drop.selectionTypeId}:${drop.providerId}`}>
            <td>
              <Link to={matchHref(drop.eventId)}>{drop.name}</Link>
            </td>
            <td>{marketName(drop.marketId)}</td>
            <td>{selectionLabel(drop.marketId, drop.selectionTypeId)}</td>
            <td>{providerName(drop.providerId)}</td>
            <td className="text-end text-nowrap">{fromTo(drop)}</td>
            <td className="text-end drop-change fw-bold text-danger-emphasis">{changeLabel(drop.changePct)}</td>
            <td className="text-nowrap">
              <time dateTime={drop.at}>{momentLabel(drop.at, now, timeZone)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
