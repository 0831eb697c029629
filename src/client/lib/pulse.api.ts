/**
 * The dashboard's pulse: while the dashboard is open it polls
 * `GET /api/odds/pulse` alone, one small conditional request per beat (a 304 when nothing changed),
 * instead of the odds, summary, books' health and the bell's notifications. When a part of the pulse
 * moves, the answers it stands for are invalidated and RTK Query asks for them again; a part that
 * did not move costs nothing. Here rather than in the dashboard because the bell (another feature)
 * stops its own polling while a pulse runs.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import type { PulseDto } from '@shared/contract/odds';
import { api } from './api';
import { usePageVisible } from './use-page-visible';

/** What each part of the pulse stands for: the tags of the answers to ask for again when it moves. */
export const PULSE_TAGS = ['Odds', 'Summary', 'Sources', 'Notifications'] as const;
type PulseTag = (typeof PULSE_TAGS)[number];

/** The tags whose part moved between two pulses (none for the first one: everything was just loaded). */
export function movedParts(before: PulseDto | undefined, after: PulseDto): PulseTag[] {
  if (!before) return [];
  const moved: PulseTag[] = [];
  if (before.odds !== after.odds) moved.push('Odds');
  if (before.summary !== after.summary) moved.push('Summary');
  if (before.sources !== after.sources) moved.push('Sources');
  if (before.unread !== after.unread) moved.push('Notifications');
  return moved;
}

export const pulseApi = api.enhanceEndpoints({ addTagTypes: PULSE_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** The argument is a country id. */
    getPulse: build.query<PulseDto, number>({
      query: (country) => ({ url: '/odds/pulse', params: { country } }),
      transformResponse: (response: { data: PulseDto }) => response.data,
      // Dropped as soon as the dashboard closes, so the bell polls again at once.
      keepUnusedDataFor: 0,
      async onQueryStarted(country, { dispatch, getState, queryFulfilled }) {
        const before = pulseApi.endpoints.getPulse.select(country)(getState() as PulseState).data;
        try {
          const { data } = await queryFulfilled;
          const moved = movedParts(before, data);
          if (moved.length) dispatch(pulseApi.util.invalidateTags(moved));
        } catch {
          // A failed pulse changes nothing; the next beat asks again.
        }
      },
    }),
  }),
});

type PulseState = Parameters<typeof pulseApi.util.selectCachedArgsForQuery>[0];

/** Whether a dashboard's pulse is running (the bell then leaves its polling to it). */
export function usePulseRunning(): boolean {
  return useSelector((state: PulseState) => pulseApi.util.selectCachedArgsForQuery(state, 'getPulse').length > 0);
}

/**
 * Polls the pulse of a country on the odds' beat while the tab is visible (not before `ready`);
 * coming back to the tab asks at once. A beat re-renders nothing: the caller reads no answer.
 */
export function usePulse(country: number, pollingIntervalMs: number, ready = true): void {
  const visible = usePageVisible();
  const { refetch, isUninitialized } = pulseApi.useGetPulseQuery(country, {
    skip: !ready,
    pollingInterval: visible ? pollingIntervalMs : 0,
    skipPollingIfUnfocused: true,
    selectFromResult: ({ isUninitialized: idle }) => ({ isUninitialized: idle }),
  });
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && !isUninitialized) void refetch();
    wasVisible.current = visible;
  }, [visible, isUninitialized, refetch]);
}

/** When a country's pulse last answered: each answer confirms what is shown as of then. */
export function usePulseCheckedAt(country: number): number | undefined {
  return pulseApi.endpoints.getPulse.useQueryState(country, {
    selectFromResult: ({ fulfilledTimeStamp }) => ({ fulfilledTimeStamp }),
  }).fulfilledTimeStamp;
}
