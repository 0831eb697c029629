import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import type { OddsLayout } from './odds-layout';

const MSG = DASHBOARD_MSG.view;
const CHOICES: ReadonlyArray<[OddsLayout, string]> = [
  ['table', MSG.table],
  ['cards', MSG.cards],
];

/** 'Show odds as: Table | Cards' (desktop only). */
export function LayoutSwitch({ layout, onChange }: { layout: OddsLayout; onChange(layout: OddsLayout): void }) {
  return (
    <div className="btn-group btn-group-sm dashboard-layout-switch" role="group" aria-label={MSG.label}>
      {CHOICES.map(([value, label]) => (
        <button
          key={value}
          type="button"
          className={`btn ${layout === value ? 'btn-secondary' : 'btn-outline-secondary'}`}
          aria-pressed={layout === value}
          onClick={() => onChange(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
