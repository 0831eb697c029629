import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ALERTS_MSG } from '@shared/alerts-messages';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import { useGetNotificationsQuery } from './alerts.api';
import { usePageVisible } from '../../lib/use-page-visible';
import { usePulseRunning } from '../../lib/pulse.api';
import './alerts.css';

const PANEL_ID = 'notifications-panel';

// The list (and reactstrap's Offcanvas) loads the first time the bell is opened.
const NotificationsPanel = lazy(() =>
  import(/* webpackChunkName: "notifications" */ './notifications-panel').then((m) => ({
    default: m.NotificationsPanel,
  })),
);

/**
 * The bell in the top bar: the unread count, asked on the odds beat while
 * the tab is visible (on the dashboard, through its pulse), and a panel listing fired alerts, each linking to its match. Opening one
 * marks it read; 'Mark all as read' marks every one.
 */
export function NotificationBell({ pollingIntervalMs = ODDS_POLL_INTERVAL_MS }: { pollingIntervalMs?: number }) {
  const visible = usePageVisible();
  // On the dashboard its pulse carries the count, and asks for the list again when it moved.
  const pulsing = usePulseRunning();
  const polling = visible && !pulsing;
  const [open, setOpen] = useState(false);
  const { data, refetch, isUninitialized } = useGetNotificationsQuery(undefined, {
    pollingInterval: polling ? pollingIntervalMs : 0,
    skipPollingIfUnfocused: true,
  });
  const [opened, setOpened] = useState(false);

  // Coming back to the tab catches up at once.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && !isUninitialized) void refetch();
    wasVisible.current = visible;
  }, [visible, isUninitialized, refetch]);

  const unread = data?.unread ?? 0;

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-light btn-sm notification-bell position-relative"
        aria-label={unread > 0 ? ALERTS_MSG.bellUnread(unread) : ALERTS_MSG.bell}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M8 15.5a1.8 1.8 0 0 0 1.8-1.6H6.2A1.8 1.8 0 0 0 8 15.5zM13.5 12l-1.3-1.6V7a4.2 4.2 0 0 0-3.4-4.1V2a.8.8 0 0 0-1.6 0v.9A4.2 4.2 0 0 0 3.8 7v3.4L2.5 12v.9h11z"
            fill="currentColor"
          />
        </svg>
        {unread > 0 && (
          <span className="notification-badge badge rounded-pill bg-danger" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <NotificationsPanel id={PANEL_ID} isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
