/**
 * The desktop's choice between the match cards and the dense table: the table
 * by default from 992 px, the cards below it (phones and small tablets always get the cards); the
 * choice is remembered on the device (local storage), not on the account. A render without a
 * window (a replay) shows what `OddsLayoutShown` says was on screen, else the phone's cards.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

export type OddsLayout = 'cards' | 'table';

const STORAGE_KEY = 'oddsmate-odds-layout';
const WIDE = '(min-width: 992px)';
const listeners = new Set<() => void>();

function storedLayout(): OddsLayout | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'cards' || value === 'table' ? value : null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null;
  query?.addEventListener('change', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    query?.removeEventListener('change', onChange);
    window.removeEventListener('storage', onChange);
  };
}

const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;

/** What the dashboard shows: the layout, and whether the Table/Cards switch is offered (wide screens). */
export interface OddsLayoutShown {
  layout: OddsLayout;
  switchable: boolean;
}

type Snapshot = `${OddsLayout}|${boolean}`;
const PHONE: Snapshot = 'cards|false';

/** What a render without a window shows (the replay sets it from the recorded screen). */
export const OddsLayoutShownContext = createContext<OddsLayoutShown | null>(null);

/** What the dashboard shows now: the table only on a wide screen; and whether the switch is offered. */
function current(): Snapshot {
  const wide = isWide();
  return `${wide ? (storedLayout() ?? 'table') : 'cards'}|${wide}`;
}

/** The layout on screen now, for the action log's export (a replay renders the same). */
export function oddsLayoutShown(): OddsLayoutShown {
  const [layout, wide] = current().split('|') as [OddsLayout, string];
  return { layout, switchable: wide === 'true' };
}

export function useOddsLayout(): OddsLayoutShown & { choose(layout: OddsLayout): void } {
  const shown = useContext(OddsLayoutShownContext);
  const serverSnapshot = useCallback((): Snapshot => (shown ? `${shown.layout}|${shown.switchable}` : PHONE), [shown]);
  const [layout, wide] = useSyncExternalStore(subscribe, current, serverSnapshot).split('|') as [OddsLayout, string];
  const choose = useCallback((next: OddsLayout) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts until the page closes.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return { layout, switchable: wide === 'true', choose };
}
