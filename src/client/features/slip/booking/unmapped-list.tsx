import type { LoadedLegDto } from '@shared/contract/booking';
import { BOOKING_MSG } from '@shared/booking-messages';

/** The legs of a code that are not on the slip, each with why (plain text, never the book's HTML). */
export function UnmappedList({ legs }: { legs: readonly LoadedLegDto[] }) {
  if (legs.length === 0) return null;
  return (
    <div className="small mt-2 booking-unmapped">
      <div className="fw-semibold">{BOOKING_MSG.unmappedTitle}</div>
      <ul className="mb-0 ps-3">
        {legs.map((leg, i) => (
          <li key={i}>
            {leg.home} vs {leg.away}
            {leg.label ? ` · ${leg.label}` : ''} — {leg.reason ? BOOKING_MSG.unmapped(leg.reason) : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
