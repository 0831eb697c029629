/**
 * The person's favourite teams, injected into the
 * one api: `GET /api/users/me/favourites` and `PUT` of the whole list. They live here rather than
 * in a feature because the odds cards, the dashboard and the match page all read them. A toggle
 * shows at once (an optimistic update of the cached list) and is rolled back if the server refuses.
 */
import { useCallback, useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { FavouritesDto } from '@shared/contract/alerts';
import { api } from './api';
import { selectIsLoggedIn, type AuthState } from './session';

const dataOf = (response: { data?: Partial<FavouritesDto> } | null | undefined): FavouritesDto => ({
  teams: response?.data?.teams ?? [],
});

/** Counts saves, so only the latest one's answer replaces the cached list (see below). */
let savesStarted = 0;

export const favouritesApi = api.enhanceEndpoints({ addTagTypes: ['Favourites'] }).injectEndpoints({
  endpoints: (build) => ({
    getFavourites: build.query<FavouritesDto, void>({
      query: () => ({ url: '/users/me/favourites' }),
      transformResponse: dataOf,
      providesTags: ['Favourites'],
    }),
    putFavourites: build.mutation<FavouritesDto, FavouritesDto>({
      query: (body) => ({ url: '/users/me/favourites', method: 'PUT', body }),
      transformResponse: dataOf,
      async onQueryStarted({ teams }, { dispatch, queryFulfilled }) {
        const save = ++savesStarted;
        const patch = dispatch(
          favouritesApi.util.updateQueryData('getFavourites', undefined, (draft) => {
            draft.teams = teams;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          // An earlier save answering after a later tap must not bring back the older list.
          if (save === savesStarted)
            dispatch(
              favouritesApi.util.updateQueryData('getFavourites', undefined, (draft) => {
                draft.teams = data.teams;
              }),
            );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

const NO_TEAMS: readonly string[] = [];
const useAuthSelector = useSelector.withTypes<{ auth: AuthState }>();

/** The two teams of a match named 'Home vs Away' (the odds lists' spelling). */
export function teamsOf(eventName: string): string[] {
  return eventName
    .split(' vs ')
    .map((team) => team.trim())
    .filter(Boolean);
}

/**
 * The favourite teams as last read (empty while logged out or loading). `wait` holds the request
 * back (a list asks once it has matches to sort).
 */
export function useFavouriteList(wait = false): readonly string[] {
  const loggedIn = useAuthSelector(selectIsLoggedIn);
  const { data } = favouritesApi.useGetFavouritesQuery(undefined, { skip: !loggedIn || wait });
  return data?.teams ?? NO_TEAMS;
}

/** The list `teams` as a set, a toggle that saves it with one team more or less, and the error of this toggle's last save. */
export function useFavouriteToggle(teams: readonly string[]) {
  const [save, { error, isError }] = favouritesApi.usePutFavouritesMutation();
  const favourites = useMemo(() => new Set(teams), [teams]);
  const toggle = useCallback(
    (team: string) => {
      const next = favourites.has(team) ? teams.filter((t) => t !== team) : [...teams, team];
      void save({ teams: next });
    },
    [favourites, teams, save],
  );
  return { favourites, toggle, error: isError ? error : undefined };
}

/** Whether a match involves one of the favourite teams. */
export function hasFavourite(eventName: string, favourites: ReadonlySet<string>): boolean {
  return favourites.size > 0 && teamsOf(eventName).some((team) => favourites.has(team));
}
