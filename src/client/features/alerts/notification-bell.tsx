import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Offcanvas, OffcanvasBody, OffcanvasHeader } from 'reactstrap';
import { ALERTS_MSG } from '@shared/alerts-messages';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import type { NotificationDto } from '@shared/contract/alerts';
import { formatKickoff } from '@shared/format';
import { marketName, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { matchHref } from '../../components/odds/match-path';
import { selectionLabel } from '../../components/odds/selection-label';
import { useShownError } from '../../lib/shown-error';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from './alerts.api';
import { usePageVisible } from './use-page-visible';
import './alerts.css';

const PANEL_ID = 'notifications-panel';

function NotificationItem({ item, onOpen }: { item: NotificationDto; onOpen(item: NotificationDto): void }) {
  const selection = selectionLabel(item.marketId, item.selectionTypeId);
  return (
    <li className={`list-group-item px-2 ${item.read ? '' : 'notification-unread'}`}>
      <Link to={matchHref(item.eventId)} className="fw-semibold d-block" onClick={() => onOpen(item)}>
        {item.name}
      </Link>
      <div className="small">
        {ALERTS_MSG.notificationText(selection, formatOdds(item.value), providerName(item.providerId))} ·{' '}
        {marketName(item.marketId)}
      </div>
      <div className="small text-body-secondary">{formatKickoff(item.at, new Date())}</div>
    </li>
  );
}

/**
 * The bell in the top bar (docs/product.md §10): the unread count, asked on the odds beat while
 * the tab is visible, and a panel listing fired alerts, each linking to its match. Opening one
 * marks it read; 'Mark all as read' marks every one.
 */
export function NotificationBell({ pollingIntervalMs = ODDS_POLL_INTERVAL_MS }: { pollingIntervalMs?: number }) {
  const visible = usePageVisible();
  const [open, setOpen] = useState(false);
  const { data, error, isError, refetch, isUninitialized } = useGetNotificationsQuery(undefined, {
    pollingInterval: visible ? pollingIntervalMs : 0,
    skipPollingIfUnfocused: true,
  });
  const [markRead] = useMarkNotificationsReadMutation();
  useShownError('notifications', isError && open ? error : undefined, ALERTS_MSG.notificationsFailed);

  // Coming back to the tab catches up at once.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && !isUninitialized) void refetch();
    wasVisible.current = visible;
  }, [visible, isUninitialized, refetch]);

  const unread = data?.unread ?? 0;
  const close = () => setOpen(false);
  const openItem = (item: NotificationDto) => {
    if (!item.read) void markRead({ ids: [item.id] });
    close();
  };

  return (
    <>
      <Button
        color="light"
        outline
        size="sm"
        className="notification-bell position-relative"
        aria-label={unread > 0 ? ALERTS_MSG.bellUnread(unread) : ALERTS_MSG.bell}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={() => setOpen(true)}
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
      </Button>
      <Offcanvas id={PANEL_ID} direction="end" isOpen={open} toggle={close} labelledBy="notifications-title">
        <OffcanvasHeader toggle={close} tag="h2">
          <span id="notifications-title" className="fs-5">
            {ALERTS_MSG.notificationsTitle}
          </span>
        </OffcanvasHeader>
        <OffcanvasBody>
          {isError ? (
            <Alert color="danger" fade={false}>
              {ALERTS_MSG.notificationsFailed}
            </Alert>
          ) : data && data.notifications.length > 0 ? (
            <>
              <ul className="list-group list-group-flush mb-2">
                {data.notifications.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={openItem} />
                ))}
              </ul>
              {unread > 0 && (
                <Button color="primary" outline size="sm" onClick={() => void markRead({ all: true })}>
                  {ALERTS_MSG.markAllRead}
                </Button>
              )}
            </>
          ) : (
            <p className="text-body-secondary">{ALERTS_MSG.notificationsEmpty}</p>
          )}
          <p className="mt-3 mb-0">
            <Link to="/alerts" onClick={close}>
              {ALERTS_MSG.seeAlerts}
            </Link>
          </p>
        </OffcanvasBody>
      </Offcanvas>
    </>
  );
}
