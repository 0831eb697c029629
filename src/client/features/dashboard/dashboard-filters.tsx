import { useId } from 'react';
import { UI } from '@shared/messages';
import { CompetitionFlag } from '../../components/odds/competition-flag';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { competitionSelected, marketSelected } from './dashboard.slice';
import { selectCompetitionOptions, selectMarketOptions } from './dashboard.selectors';
import { useChangeView, useShownPick } from './use-dashboard-address';

/**
 * 'Select League' and 'Select Market' (docs/product.md §2): native selects, so phones get their own picker
 * and the labels are real; the two share one row on every screen, and from the sm breakpoint the chosen
 * league's flag sits beside its select. Bootstrap's form markup rather than reactstrap's
 * components, which would add their code to the dashboard's first load (docs/architecture.md §6). Disabled (and empty) until the summary has arrived.
 */
export function DashboardFilters({ disabled = false }: { disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const competitions = useAppSelector(selectCompetitionOptions);
  const markets = useAppSelector(selectMarketOptions);
  const { competitionId, marketId } = useShownPick();
  const changeView = useChangeView();
  // A pick is an event (the action log) and a new address (the view's one source).
  const pickLeague = (id: number) => {
    dispatch(competitionSelected(id));
    changeView({ league: id, market: marketId });
  };
  const pickMarket = (id: number) => {
    dispatch(marketSelected(id));
    changeView({ league: competitionId, market: id });
  };
  const leagueInput = useId();
  const marketInput = useId();

  return (
    <div className="dashboard-filters row g-2 mb-3">
      <div className="col-12 col-sm-6">
        <label htmlFor={leagueInput} className="form-label small fw-semibold mb-1">
          {UI.selectLeague}
        </label>
        <div className="input-group">
          {competitionId !== null && (
            <span className="input-group-text league-flag">
              <CompetitionFlag competitionId={competitionId} />
            </span>
          )}
          <select
            id={leagueInput}
            className="form-select"
            disabled={disabled}
            value={competitionId ?? ''}
            onChange={(e) => pickLeague(Number(e.target.value))}
          >
            {competitions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="col-12 col-sm-6">
        <label htmlFor={marketInput} className="form-label small fw-semibold mb-1">
          {UI.selectMarket}
        </label>
        <select
          id={marketInput}
          className="form-select"
          disabled={disabled}
          value={marketId ?? ''}
          onChange={(e) => pickMarket(Number(e.target.value))}
        >
          {markets.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
