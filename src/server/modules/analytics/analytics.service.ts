/**
 * Product analytics kept only as counts per day, event name and country:
 * paths, times and error codes are validated by the route and then dropped, so nothing
 * stored can point at a person.
 */
import type { AnalyticsEventDto } from '@shared/contract/analytics';
import type { Db } from '../../core/db/connect';
import { addAnalyticsCount } from './analytics.repository';

/** Adds the events to the day's tallies (one row per name and country); answers how many were accepted. */
export async function recordEvents(db: Db, events: readonly AnalyticsEventDto[], now: number): Promise<number> {
  const day = new Date(now).toISOString().slice(0, 10);
  const tally = new Map<string, { name: string; country: number; count: number }>();
  for (const event of events) {
    const country = event.country ?? 0;
    const key = `${event.name}|${country}`;
    const entry = tally.get(key) ?? { name: event.name, country, count: 0 };
    entry.count += 1;
    tally.set(key, entry);
  }
  for (const entry of tally.values()) await addAnalyticsCount(db, { day, ...entry });
  return events.length;
}
