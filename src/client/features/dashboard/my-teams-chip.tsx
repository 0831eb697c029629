import { ALERTS_MSG } from '@shared/alerts-messages';
import { useMyTeams } from './my-teams';

/** The "My teams" chip in the day chips' row: a toggle that shows only the favourite teams' matches. */
export function MyTeamsChip() {
  const [on, toggle] = useMyTeams();
  return (
    <button
      type="button"
      className={`btn btn-sm rounded-pill my-teams-chip ${on ? 'btn-primary' : 'btn-outline-primary'}`}
      aria-pressed={on}
      onClick={toggle}
    >
      {ALERTS_MSG.myTeams}
    </button>
  );
}
