const DEMO_DATA_LABEL = 'Demo data';
const DEMO_DATA_HINT = 'Simulated prices from the demo feed, not live bookmaker odds';

/** Shown whenever the API labels its odds as coming from the demo feed. */
export function DemoDataBadge() {
  return (
    <span className="badge bg-info text-dark" title={DEMO_DATA_HINT}>
      {DEMO_DATA_LABEL}
    </span>
  );
}
