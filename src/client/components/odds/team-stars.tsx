import { createContext, useContext } from 'react';
import { ALERTS_MSG } from '@shared/alerts-messages';
import { teamsOf, useFavouriteList, useFavouriteToggle } from '../../lib/favourites.api';
import { useShownError } from '../../lib/shown-error';
import { ErrorMessage } from '../error-ref';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="me-1">
      <path
        d="M8 1.5l1.9 4 4.4.5-3.3 3 .9 4.4L8 11.2l-3.9 2.2.9-4.4-3.3-3 4.4-.5z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The favourite teams as a list of cards has read them already (null outside such a list). Its
 * cards' stars read them here rather than each asking the store: a list holds a star row per card,
 * and one reading per card meant one more store subscription per card, each run on every answer.
 */
const ListedTeams = createContext<readonly string[] | null>(null);

/** Gives the stars of the cards inside the favourite teams the list has read. */
export const ListedTeamsProvider = ListedTeams.Provider;

interface TeamStarsProps {
  eventName: string;
  className?: string;
}

/**
 * A star per team of a match: 'Add Arsenal to my teams' or 'Remove Arsenal
 * from my teams'. The list is saved on the server; a refused save rolls the star back and says so.
 */
export function TeamStars(props: TeamStarsProps) {
  const listed = useContext(ListedTeams);
  return listed ? <Stars {...props} teams={listed} /> : <OwnStars {...props} />;
}

/** Stars outside a list (the match page): they read the favourite teams themselves. */
function OwnStars(props: TeamStarsProps) {
  return <Stars {...props} teams={useFavouriteList()} />;
}

function Stars({ eventName, className = '', teams }: TeamStarsProps & { teams: readonly string[] }) {
  const { favourites, toggle, error } = useFavouriteToggle(teams);
  const shown = useShownError('favourites', error, ALERTS_MSG.favouritesFailed);
  return (
    <div className={`team-stars d-flex flex-wrap gap-1 ${className}`}>
      {teamsOf(eventName).map((team) => {
        const on = favourites.has(team);
        return (
          <button
            key={team}
            type="button"
            className={`btn btn-sm team-star ${on ? 'btn-warning' : 'btn-outline-secondary'}`}
            aria-label={on ? ALERTS_MSG.removeTeam(team) : ALERTS_MSG.addTeam(team)}
            onClick={() => toggle(team)}
          >
            <StarIcon filled={on} />
            {team}
          </button>
        );
      })}
      {error && shown.error && (
        <p className="small text-danger mb-0 w-100" role="alert">
          <ErrorMessage error={shown.error}>{shown.error.message}</ErrorMessage>
        </p>
      )}
    </div>
  );
}
