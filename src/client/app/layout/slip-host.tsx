/**
 * The bet slip's toggle and panel. The toggle — 'Slip (n)' in the phone
 * bottom bar and, from md, in the top bar — is all the first bundle carries; the panel is its
 * own chunk, loaded when the slip first opens (or the toggle is pointed at), so the dashboard's
 * first load stays small.
 */
import type { ReactNode } from 'react';
import { selectSlipLegs, selectSlipOpen, slipToggled } from '../../lib/slip.slice';
import { loadable } from '../../lib/loadable';
import { SLIP_NAV } from '@shared/tools-nav';
import { useAppDispatch, useAppSelector } from '../hooks';

const SlipPanel = loadable(() =>
  import(/* webpackChunkName: "slip" */ '../../features/slip/slip-panel').then((m) => m.SlipPanel),
);

/** Mounted by the layout when logged in: renders the panel once the slip has been opened. */
export function SlipHost() {
  const open = useAppSelector(selectSlipOpen);
  return open || SlipPanel.loaded ? <SlipPanel /> : null;
}

export function SlipToggle({ className, children }: { className: string; children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectSlipLegs).length;
  const open = useAppSelector(selectSlipOpen);
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls="bet-slip"
      onPointerEnter={() => void SlipPanel.preload().catch(() => undefined)}
      onClick={() => dispatch(slipToggled())}
    >
      {children}
      {SLIP_NAV.toggle(count)}
    </button>
  );
}
