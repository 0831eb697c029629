import { UI } from '@shared/messages';
import { CompetitionFlag } from '../../components/odds/competition-flag';
import { SelectField } from '../../components/select-field';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { competitionSelected, marketSelected } from './dashboard.slice';
import { selectCompetitionOptions, selectMarketOptions } from './dashboard.selectors';
import { useChangeView, useShownPick } from './use-dashboard-address';

/**
 * 'Select League' and 'Select Market': native selects, so phones get their own picker
 * and the labels are real; the two share one row on every screen, and from the sm breakpoint the chosen
 * league's flag sits beside its select. Disabled (and empty) until the summary has arrived.
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
  const toOption = (o: { id: number; name: string }) => ({ value: o.id, label: o.name });

  return (
    <div className="dashboard-filters row g-2 mb-3">
      <SelectField
        className="col-12 col-sm-6"
        label={UI.selectLeague}
        value={competitionId ?? ''}
        options={competitions.map(toOption)}
        onValue={(value) => pickLeague(Number(value))}
        disabled={disabled}
        addon={
          competitionId !== null && (
            <span className="input-group-text league-flag">
              <CompetitionFlag competitionId={competitionId} />
            </span>
          )
        }
      />
      <SelectField
        className="col-12 col-sm-6"
        label={UI.selectMarket}
        value={marketId ?? ''}
        options={markets.map(toOption)}
        onValue={(value) => pickMarket(Number(value))}
        disabled={disabled}
      />
    </div>
  );
}
