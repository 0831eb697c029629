/**
 * An event that has not kicked off, as the odds repository reads it and the read snapshot
 * turns it into the wire shape (see snapshot/odds-view.ts).
 */
import type { EventSource } from '@shared/contract/odds';

export interface UpcomingEvent {
  id: string;
  countryId: number;
  competitionId: number;
  home: string;
  away: string;
  kickoffAt: number;
  source: EventSource;
}
