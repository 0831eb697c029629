import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, ButtonGroup, Spinner } from 'reactstrap';
import type { DropWindowH, PriceDropDto } from '@shared/contract/odds';
import { DROPS_MSG } from '@shared/match-messages';
import { UI } from '@shared/messages';
import { competitionName, marketName, NIGERIA_COUNTRY_ID, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { matchHref } from '../../components/odds/match-path';
import { SelectField } from '../../components/select-field';
import { selectionLabel } from '../../components/odds/selection-label';
import { useMinute } from '../../components/odds/use-minute';
import { useShownError } from '../../lib/shown-error';
import { useGetDropsQuery } from './match.api';
import { momentLabel } from './time-labels';
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

/** One match, market and selection with every book that dropped it, biggest drop first (as served). */
interface DropGroup {
  key: string;
  first: PriceDropDto;
  books: PriceDropDto[];
}

/** Groups the served drops by match, market and selection, keeping the served (biggest-first) order. */
export function groupDrops(drops: readonly PriceDropDto[]): DropGroup[] {
  const groups = new Map<string, DropGroup>();
  for (const drop of drops) {
    const key = `${drop.eventId}:${drop.marketId}:${drop.selectionTypeId}`;
    const group = groups.get(key);
    if (group) group.books.push(drop);
    else groups.set(key, { key, first: drop, books: [drop] });
  }
  return [...groups.values()];
}

interface Filters {
  league: number | null;
  market: number | null;
  book: number | null;
}

const uniqueSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

function FilterSelect({
  label,
  value,
  options,
  nameOf,
  onChange,
  disabled,
}: {
  label: string;
  disabled: boolean;
  value: number | null;
  options: number[];
  nameOf: (id: number) => string;
  onChange: (value: number | null) => void;
}) {
  return (
    <SelectField
      className="drops-filter"
      label={label}
      labelClassName="small fw-semibold mb-0"
      small
      disabled={disabled}
      value={value ?? ''}
      emptyOption={DROPS_MSG.filters.all}
      options={options.map((o) => ({ value: o, label: nameOf(o) }))}
      onValue={(v) => onChange(v === '' ? null : Number(v))}
    />
  );
}

interface DropsPageProps {
  /** The moment 'when' labels are relative to (tests fix it). */
  now?: number;
  timeZone?: string;
}

/**
 * `/drops`: the biggest price drops of the last 1, 6 or 24 hours (`?hours=`), one
 * card per match, market and selection in the order served (biggest first) with every book that
 * dropped it and when it moved, the kick-off, and filters for league, market and bookmaker.
 */
export function DropsPage({ now, timeZone }: DropsPageProps) {
  // The window lives in the address (`?hours=6`), read without useSearchParams so the shared
  // router code every page loads does not grow.
  const { search } = useLocation();
  const navigate = useNavigate();
  const hours = windowOf(new URLSearchParams(search).get('hours'));
  const [filters, setFilters] = useState<Filters>({ league: null, market: null, book: null });
  const { currentData, error, isError, isFetching } = useGetDropsQuery(
    { country: NIGERIA_COUNTRY_ID, hours },
    { pollingInterval: DROPS_POLL_MS, skipPollingIfUnfocused: true },
  );
  useShownError('drops', isError ? error : undefined, DROPS_MSG.failed);
  const thisMinute = useMinute();
  const at = now ?? thisMinute;
  const drops = currentData?.drops;
  const shown = drops?.filter(
    (d) =>
      (filters.league == null || d.competitionId === filters.league) &&
      (filters.market == null || d.marketId === filters.market) &&
      (filters.book == null || d.providerId === filters.book),
  );

  let content;
  if (isError)
    content = (
      <Alert color="danger" fade={false}>
        <ErrorMessageFor source="drops">{DROPS_MSG.failed}</ErrorMessageFor>
      </Alert>
    );
  else if (drops && drops.length === 0) content = <Alert color="info">{DROPS_MSG.empty}</Alert>;
  else if (shown && shown.length === 0) content = <Alert color="info">{DROPS_MSG.noneFiltered}</Alert>;
  else if (shown) content = <DropsList groups={groupDrops(shown)} now={at} timeZone={timeZone} />;
  else if (isFetching)
    content = (
      <div className="d-flex justify-content-center py-5">
        <Spinner color="primary">{UI.loading}</Spinner>
      </div>
    );

  // Until the drops are in, the menus have nothing to offer but 'All'.
  const listed = drops ?? [];
  const narrowable = listed.length > 0;
  const set = (key: keyof Filters) => (value: number | null) => setFilters((f) => ({ ...f, [key]: value }));
  return (
    <main className="container py-3 drops-page">
      <h1 className="h4 mb-1">{DROPS_MSG.title}</h1>
      <p className="small text-body-secondary mb-3">{DROPS_MSG.intro}</p>
      <ButtonGroup className="drops-menu mb-2" role="group" aria-label={DROPS_MSG.windowLabel}>
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
      <p className="small mb-2 drops-window-meaning">{DROPS_MSG.windowMeaning(hours)}</p>
      {/* There from the first render (disabled until there are drops to narrow), so the list never
          moves down when they arrive. */}
      {!isError && (
        <div className="d-flex flex-wrap gap-2 mb-3 drops-filters">
          <FilterSelect
            label={DROPS_MSG.filters.league}
            value={filters.league}
            options={uniqueSorted(listed.map((d) => d.competitionId))}
            nameOf={competitionName}
            onChange={set('league')}
            disabled={!narrowable}
          />
          <FilterSelect
            label={DROPS_MSG.filters.market}
            value={filters.market}
            options={uniqueSorted(listed.map((d) => d.marketId))}
            nameOf={marketName}
            onChange={set('market')}
            disabled={!narrowable}
          />
          <FilterSelect
            label={DROPS_MSG.filters.book}
            value={filters.book}
            options={uniqueSorted(listed.map((d) => d.providerId))}
            nameOf={providerName}
            onChange={set('book')}
            disabled={!narrowable}
          />
        </div>
      )}
      <section aria-label={DROPS_MSG.window(hours)} aria-busy={isFetching}>
        {content}
      </section>
    </main>
  );
}

function DropsList({ groups, now, timeZone }: { groups: DropGroup[]; now: number; timeZone?: string }) {
  return (
    <ol className="list-unstyled mb-0 drops-list">
      {groups.map(({ key, first, books }) => (
        <li key={key} className="drop-card">
          <Link to={matchHref(first.eventId)} className="fw-semibold">
            {first.name}
          </Link>
          <span className="drop-change fw-bold text-danger-emphasis">{changeLabel(first.changePct)}</span>
          <span className="small drop-kickoff">
            <time dateTime={first.date}>{DROPS_MSG.kickoff(momentLabel(first.date, now, timeZone))}</time> ·{' '}
            {competitionName(first.competitionId)}
          </span>
          <span className="small fw-semibold drop-selection">
            {marketName(first.marketId)} · {selectionLabel(first.marketId, first.selectionTypeId)}
          </span>
          <ul className="list-unstyled small mb-0 drop-books">
            {books.map((drop) => (
              <li key={drop.providerId}>
                {providerName(drop.providerId)} <span className="text-nowrap">{fromTo(drop)}</span>{' '}
                <span className="text-danger-emphasis text-nowrap">{changeLabel(drop.changePct)}</span>{' '}
                <time className="text-body-secondary text-nowrap" dateTime={drop.at}>
                  · {DROPS_MSG.movedAt(momentLabel(drop.at, now, timeZone))}
                </time>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
