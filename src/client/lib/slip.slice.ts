/**
 * The bet slip's legs and whether its panel is open. In lib/ because the
 * dashboard and the match page add legs and the layout's toggles open the panel, while the panel
 * itself (features/slip) loads on demand; the slice is tiny and always in the store. One leg per
 * match: a tap on another price of the same match replaces the leg, a tap on the chosen price
 * removes it. The legs survive a reload in localStorage (`slip`, best effort).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One leg: the selection tapped, at which book and at what price when it was added. */
export interface SlipLeg {
  eventId: string;
  /** The match's name ('' when rebuilt from a link until its prices arrive). */
  name: string;
  marketId: number;
  selectionTypeId: number;
  providerId: number;
  /** The price when the leg was added: a different current price marks the leg as moved. */
  value: number;
}

export interface SlipState {
  legs: SlipLeg[];
  open: boolean;
  /** The leg the last tap put on the slip (for the short confirmation), null after a removal. */
  lastAdded: SlipLeg | null;
}

export const SLIP_STORAGE_KEY = 'slip';
/** A slip longer than this is not an accumulator anyone places; the link stays short too. */
export const MAX_SLIP_LEGS = 20;

/** The leg of a match already on the slip is replaced in place; otherwise the leg is appended. */
function setLeg(legs: readonly SlipLeg[], leg: SlipLeg): SlipLeg[] {
  const i = legs.findIndex((l) => l.eventId === leg.eventId);
  return i < 0 ? [...legs, leg] : legs.map((l, j) => (j === i ? leg : l));
}

const isLeg = (v: unknown): v is SlipLeg => {
  const l = v as Partial<SlipLeg> | null;
  return (
    typeof l === 'object' &&
    l !== null &&
    typeof l.eventId === 'string' &&
    /^[A-Za-z0-9_-]{1,64}$/.test(l.eventId) &&
    typeof l.name === 'string' &&
    [l.marketId, l.selectionTypeId, l.providerId].every((n) => Number.isSafeInteger(n) && (n as number) > 0) &&
    typeof l.value === 'number' &&
    Number.isFinite(l.value) &&
    l.value > 1
  );
};

/** Legs read from a stored or shared value: only well-formed ones, one per match, at most MAX_SLIP_LEGS. */
export function validLegs(value: unknown): SlipLeg[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isLeg)
    .reduce<SlipLeg[]>((legs, leg) => setLeg(legs, leg), [])
    .slice(0, MAX_SLIP_LEGS);
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStoredLegs(): SlipLeg[] {
  try {
    return validLegs(JSON.parse(storage()?.getItem(SLIP_STORAGE_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** Writes the legs (best effort: a full or blocked storage only loses persistence). */
export function storeLegs(legs: readonly SlipLeg[]): void {
  try {
    if (legs.length === 0) storage()?.removeItem(SLIP_STORAGE_KEY);
    else storage()?.setItem(SLIP_STORAGE_KEY, JSON.stringify(legs));
  } catch {
    // Persistence is a convenience; the slip keeps working in memory.
  }
}

const samePrice = (a: SlipLeg, b: SlipLeg) =>
  a.eventId === b.eventId &&
  a.marketId === b.marketId &&
  a.selectionTypeId === b.selectionTypeId &&
  a.providerId === b.providerId;

export const slipSlice = createSlice({
  name: 'slip',
  initialState: (): SlipState => ({ legs: readStoredLegs(), open: false, lastAdded: null }),
  reducers: {
    /** A price was tapped: add its leg, replace the match's leg, or remove it when it is the chosen one. */
    slipPriceTapped(state, action: PayloadAction<SlipLeg>) {
      const leg = action.payload;
      state.lastAdded = null;
      if (state.legs.some((l) => samePrice(l, leg))) state.legs = state.legs.filter((l) => l.eventId !== leg.eventId);
      else if (state.legs.length < MAX_SLIP_LEGS || state.legs.some((l) => l.eventId === leg.eventId)) {
        state.legs = setLeg(state.legs, leg);
        state.lastAdded = leg;
      }
    },
    slipLegRemoved(state, action: PayloadAction<string>) {
      state.legs = state.legs.filter((l) => l.eventId !== action.payload);
    },
    slipLegNamed(state, action: PayloadAction<{ eventId: string; name: string }>) {
      const leg = state.legs.find((l) => l.eventId === action.payload.eventId);
      if (leg && !leg.name) leg.name = action.payload.name;
    },
    slipCleared(state) {
      state.legs = [];
      state.lastAdded = null;
    },
    /** A shared link was opened: its legs replace the slip, which opens. */
    slipLinkOpened(state, action: PayloadAction<SlipLeg[]>) {
      state.legs = validLegs(action.payload);
      state.open = true;
    },
    /** The slip's own address was opened (`/slip` without a link): the visitor's slip opens as it is. */
    slipOpened(state) {
      state.open = true;
    },
    slipToggled(state) {
      state.open = !state.open;
    },
    slipClosed(state) {
      state.open = false;
    },
  },
  selectors: {
    selectSlipLegs: (state) => state.legs,
    selectSlipOpen: (state) => state.open,
    selectSlipLastAdded: (state) => state.lastAdded,
  },
});

export const {
  slipPriceTapped,
  slipLegRemoved,
  slipLegNamed,
  slipCleared,
  slipLinkOpened,
  slipOpened,
  slipToggled,
  slipClosed,
} = slipSlice.actions;
export const { selectSlipLegs, selectSlipOpen, selectSlipLastAdded } = slipSlice.selectors;
