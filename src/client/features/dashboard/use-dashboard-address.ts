import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { dashboardLinkOpened, selectCompetitionId, selectMarketId } from './dashboard.slice';
import { selectShownCompetitionId, selectShownMarketId } from './dashboard.selectors';
import { dashboardSearch, parseDashboardView, type DashboardView } from './dashboard-view';

/**
 * Keeps the dashboard's view and its address in step (docs/product.md §2). The address picks the
 * league and market when it names them (a reload, a shared link, back and forward): an unknown id
 * falls back to the first one offered. Once the summary is there, the address is rewritten (replacing
 * the history entry) to say what is shown. Returns the view and a way to change its day or search.
 */
export function useDashboardAddress(): [DashboardView, (patch: Partial<DashboardView>) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  // The browser's address bar when the dashboard opened. A tap to another page (the bottom bar's
  // Profile) changes it at once, while the router moves there in a transition and the dashboard
  // is still shown (a memory router, as in tests, leaves it alone).
  // (Read on the first render; a static render, as the QA replay makes, has no window.)
  const [openedAt] = useState(() => (typeof window === 'undefined' ? null : window.location.pathname));
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const view = parseDashboardView(search);
  const { league, market } = view;

  // A layout effect, so the pick is in the store before the effect below reads it.
  useLayoutEffect(() => {
    const state = store.getState();
    const competitionId = league !== null && league !== selectCompetitionId(state) ? league : null;
    const marketId = market !== null && market !== selectMarketId(state) ? market : null;
    if (competitionId !== null || marketId !== null) dispatch(dashboardLinkOpened({ competitionId, marketId }));
  }, [league, market, dispatch, store]);

  const shownLeague = useAppSelector(selectShownCompetitionId);
  const shownMarket = useAppSelector(selectShownMarketId);
  useEffect(() => {
    const state = store.getState();
    const competition = selectShownCompetitionId(state);
    const marketId = selectShownMarketId(state);
    if (competition === null || marketId === null) return;
    const next = dashboardSearch({ ...parseDashboardView(search), league: competition, market: marketId }, search);
    if (next === search) return;
    // Replacing the address after such a tap would take the person back here.
    if (window.location.pathname !== openedAt) return;
    void navigate({ search: next }, { replace: true });
  }, [shownLeague, shownMarket, search, openedAt, navigate, store]);

  const change = (patch: Partial<DashboardView>) =>
    void navigate({ search: dashboardSearch({ ...view, ...patch }, search) }, { replace: true });
  return [view, change];
}
