import { type ReactNode, useId, useState } from 'react';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { DAY_FILTERS, type DashboardView, type DayFilter } from './dashboard-view';

interface ViewFiltersProps {
  view: DashboardView;
  onChange(patch: Partial<DashboardView>): void;
  /** More chips after the day chips (the 'My teams' toggle). */
  children?: ReactNode;
}

const CHIPS: ReadonlyArray<[DayFilter | null, string]> = [
  ...DAY_FILTERS.map((day): [DayFilter, string] => [day, DASHBOARD_MSG.days[day]]),
  [null, DASHBOARD_MSG.days.all],
];

/**
 * Day chips (Today, Tomorrow, Weekend, All) and the team search: both narrow
 * the cards already loaded, as you tap or type, and live in the address so a reload or a shared link
 * shows the same view. The typed text stays in the component; the address follows it.
 */
export function ViewFilters({ view, onChange, children }: ViewFiltersProps) {
  const searchId = useId();
  const [text, setText] = useState(view.q);
  return (
    <div className="dashboard-view-filters d-flex flex-wrap align-items-center gap-2 mb-3">
      <div className="btn-group btn-group-sm" role="group" aria-label={DASHBOARD_MSG.dayGroup}>
        {CHIPS.map(([day, label]) => (
          <button
            key={label}
            type="button"
            className={`btn ${view.day === day ? 'btn-success' : 'btn-outline-success'}`}
            aria-pressed={view.day === day}
            onClick={() => onChange({ day })}
          >
            {label}
          </button>
        ))}
      </div>
      {children}
      <label htmlFor={searchId} className="visually-hidden">
        {DASHBOARD_MSG.search}
      </label>
      <input
        id={searchId}
        type="search"
        className="form-control form-control-sm dashboard-search"
        placeholder={DASHBOARD_MSG.search}
        value={text}
        maxLength={60}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          onChange({ q: e.target.value });
        }}
      />
    </div>
  );
}
