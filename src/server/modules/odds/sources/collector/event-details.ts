/**
 * The per-event calls' rules that need no collector state: which matches are asked (kick-off
 * within EVENT_CALL_HORIZON_MS), when a cached answer still holds (the list entry's fingerprint)
 * and how an answer joins the list's event.
 */
import { createHash } from 'node:crypto';
import type { EventDetail, FeedEvent } from '../source-types';

/** Per-event calls are made only for matches kicking off within this time from now. */
export const EVENT_CALL_HORIZON_MS = 7 * 24 * 3600_000;

/** What identifies an event's entry in the list: its kick-off and list prices (a per-event answer is reused while it holds). */
export function fingerprintOf(event: FeedEvent): string {
  return createHash('sha1')
    .update(JSON.stringify([event.kickoff, event.markets]))
    .digest('base64');
}

/** The list's event with the per-event call's markets (replacing the list's of the same id) and Sportradar id. */
export function withDetail(event: FeedEvent, detail: EventDetail): FeedEvent {
  const byMarket = new Map(event.markets.map((m) => [m.market, m]));
  for (const market of detail.markets) byMarket.set(market.market, market);
  return {
    ...event,
    ...(event.sportradarId === undefined && detail.sportradarId !== undefined
      ? { sportradarId: detail.sportradarId }
      : {}),
    markets: [...byMarket.values()].sort((a, b) => a.market - b.market),
  };
}
