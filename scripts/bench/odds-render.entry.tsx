/**
 * Browser side of `scripts/bench/odds-render.mjs`: renders 40 event cards of one market (five
 * bookmakers each) with the dashboard's components, then re-renders after a price update the
 * way a poll delivers it (RTK Query keeps unchanged events identical). Results on window.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import { EventList } from '../../src/client/components/odds/event-list';
import type { OddsEventDto } from '../../src/shared/contract/odds';
import { marketMargin } from '../../src/shared/odds-math';
import { OddsFlag } from '../../src/shared/lookups';

const EVENTS = 40;
const RUNS = 15;

function makeEvents(seed: number): OddsEventDto[] {
  return Array.from({ length: EVENTS }, (_, i) => ({
    id: `evt_${i}`,
    name: `Home Team ${i} vs Away Team ${i}`,
    date: new Date(Date.UTC(2026, 10, 28, 12 + (i % 8), 0)).toISOString(),
    competitionId: 1 + (i % 4),
    markets: [
      {
        marketId: 1,
        odds: [1, 2, 3, 4, 5].map((providerId) => {
          const prices = [1.8 + ((i + providerId + seed) % 7) / 20, 3.3 + providerId / 20, 4.1 - providerId / 25];
          return {
            providerId,
            margin: marketMargin(1, prices),
            odds: prices.map((value, s) => ({
              selectionTypeId: s + 1,
              value,
              flags: (providerId + s) % 3 === 0 ? OddsFlag.Best : 0,
            })),
          };
        }),
      },
    ],
  }));
}

/** A tick moving one price of `changed` events; the others keep their identity. */
function tick(events: OddsEventDto[], changed: number, step: number): OddsEventDto[] {
  return events.map((event, i) => {
    if (i >= changed) return event;
    const [market] = event.markets;
    const [row, ...rows] = market!.odds;
    const [price, ...prices] = row!.odds;
    const moved = {
      ...price!,
      value: price!.value! + (step % 2 ? 0.05 : -0.05),
      flags: step % 2 ? OddsFlag.Increased : OddsFlag.Decreased,
    };
    return { ...event, markets: [{ ...market!, odds: [{ ...row!, odds: [moved, ...prices] }, ...rows] }] };
  });
}

function time(action: () => void): number {
  const start = performance.now();
  flushSync(action);
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function bench() {
  const host = document.getElementById('root')!;
  const first: number[] = [];
  const one: number[] = [];
  const all: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const root = createRoot(host);
    let events = makeEvents(run);
    first.push(time(() => root.render(<EventList events={events} source="demo" />)));
    events = tick(events, 1, run);
    one.push(time(() => root.render(<EventList events={events} source="demo" />)));
    events = tick(events, EVENTS, run + 1);
    all.push(time(() => root.render(<EventList events={events} source="demo" />)));
    if (run < RUNS - 1) root.unmount();
  }
  const cards = document.querySelectorAll('.event-card').length;
  return { cards, runs: RUNS, firstRender: median(first), updateOne: median(one), updateAll: median(all) };
}

(window as unknown as { __bench: unknown }).__bench = bench();
