/**
 * The dashboard's "My teams" view lives in the address (`?mine=1`), so a
 * reload, the back button and a shared link keep it.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { OddsEventDto } from '@shared/contract/odds';
import { hasFavourite } from '../../lib/favourites.api';

const PARAM = 'mine';

/** Whether "My teams" is on, and a toggle that writes it into the address. */
export function useMyTeams(): [on: boolean, toggle: () => void] {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const on = new URLSearchParams(search).get(PARAM) === '1';
  const toggle = useCallback(() => {
    const params = new URLSearchParams(search);
    if (on) params.delete(PARAM);
    else params.set(PARAM, '1');
    const query = params.toString();
    navigate({ pathname, search: query ? `?${query}` : '', hash }, { replace: true });
  }, [on, search, pathname, hash, navigate]);
  return [on, toggle];
}

/** The matches of favourite teams first, each group in its given order (the sort is stable). */
export function useFavouritesFirst<T extends readonly OddsEventDto[] | undefined>(
  events: T,
  favourites: ReadonlySet<string>,
): T {
  return useMemo(() => {
    if (!events || favourites.size === 0) return events;
    const mine = events.filter((e) => hasFavourite(e.name, favourites));
    if (mine.length === 0) return events;
    return [...mine, ...events.filter((e) => !hasFavourite(e.name, favourites))] as unknown as T;
  }, [events, favourites]);
}
