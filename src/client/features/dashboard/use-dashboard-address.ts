import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectOddsQueryArg, selectShownCompetitionId, selectShownMarketId } from './dashboard.selectors';
import { dashboardSearch, parseDashboardView, type DashboardView } from './dashboard-view';

/**
 * The dashboard's view as its address says it: the address is its one source,
 * so a reload, a shared link, back and forward show what the address names.
 */
function useDashboardView(): DashboardView {
  const { search } = useLocation();
  return useMemo(() => parseDashboardView(search), [search]);
}

/** The league and market shown (null until the summary is there): the address's when offered. */
export function useShownPick(): { competitionId: number | null; marketId: number | null } {
  const { league, market } = useDashboardView();
  return {
    competitionId: useAppSelector((state) => selectShownCompetitionId(state, league)),
    marketId: useAppSelector((state) => selectShownMarketId(state, market)),
  };
}

/** The odds request of the league and market shown, or `skipToken`. */
export function useOddsQueryArg() {
  const { league, market } = useDashboardView();
  return useAppSelector((state) => selectOddsQueryArg(state, league, market));
}

/** Changes the view by changing the address (replacing the history entry, as a filter does). */
export function useChangeView(): (patch: Partial<DashboardView>) => void {
  const { search } = useLocation();
  const navigate = useNavigate();
  // The same function until the address changes, so the memoized parts given it keep still.
  return useCallback(
    (patch) =>
      void navigate(
        { search: dashboardSearch({ ...parseDashboardView(search), ...patch }, search) },
        { replace: true },
      ),
    [navigate, search],
  );
}

/**
 * The view and a way to change it. Once the summary is there, an address that names no league or
 * market, or one not offered, is rewritten (replacing the history entry) to say what is shown.
 */
export function useDashboardAddress(): [DashboardView, (patch: Partial<DashboardView>) => void] {
  const { search } = useLocation();
  const view = useDashboardView();
  const change = useChangeView();
  const { competitionId, marketId } = useShownPick();
  // The browser's address bar when the dashboard opened. A tap to another page (the bottom bar's
  // Profile) changes it at once, while the router moves there in a transition and the dashboard
  // is still shown: the rewrite must not take the person back (a memory router, as in tests,
  // leaves it alone). Read on the first render; a static render, as the QA replay makes, has no window.
  const [openedAt] = useState(() => (typeof window === 'undefined' ? null : window.location.pathname));
  const navigate = useNavigate();
  useEffect(() => {
    if (competitionId === null || marketId === null) return;
    const next = dashboardSearch({ ...parseDashboardView(search), league: competitionId, market: marketId }, search);
    if (next === search || window.location.pathname !== openedAt) return;
    void navigate({ search: next }, { replace: true });
  }, [competitionId, marketId, search, openedAt, navigate]);
  return [view, change];
}
