import { Link } from 'react-router-dom';
import { Alert, Button } from 'reactstrap';
import { ALERTS_MSG, firedPriceText } from '@shared/alerts-messages';
import type { NotificationDto } from '@shared/contract/alerts';
import { formatKickoff } from '@shared/format';
import { marketName } from '@shared/lookups';
import { matchHref } from '../../components/odds/match-path';
import { selectionLabel } from '../../components/odds/selection-label';
import { useShownError } from '../../lib/shown-error';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from './alerts.api';
import { ErrorMessageFor } from '../../components/error-ref';
import { SidePanel } from '../../components/side-panel';

function NotificationItem({ item, onOpen }: { item: NotificationDto; onOpen(item: NotificationDto): void }) {
  const selection = selectionLabel(item.marketId, item.selectionTypeId);
  return (
    <li className={`list-group-item px-2 ${item.read ? '' : 'notification-unread'}`}>
      <Link to={matchHref(item.eventId)} className="fw-semibold d-block" onClick={() => onOpen(item)}>
        {item.name}
      </Link>
      <div className="small">
        {firedPriceText(selection, item)} · {marketName(item.marketId)}
      </div>
      <div className="small text-body-secondary">{formatKickoff(item.at, new Date())}</div>
    </li>
  );
}

interface NotificationsPanelProps {
  id: string;
  isOpen: boolean;
  onClose(): void;
}

/**
 * The bell's panel: fired alerts, newest first — the book that moved and the
 * best current price — each linking to its match;
 * opening one marks it read, 'Mark all as read' marks every one. Reads the bell's cached answer.
 */
export function NotificationsPanel({ id, isOpen, onClose }: NotificationsPanelProps) {
  const { data, error, isError } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationsReadMutation();
  useShownError('notifications', isError && isOpen ? error : undefined, ALERTS_MSG.notificationsFailed);
  const close = onClose;
  const unread = data?.unread ?? 0;
  const openItem = (item: NotificationDto) => {
    if (!item.read) void markRead({ ids: [item.id] });
    close();
  };
  return (
    <SidePanel id={id} direction="end" isOpen={isOpen} onClose={close} title={ALERTS_MSG.notificationsTitle}>
      {isError ? (
        <Alert color="danger" fade={false}>
          <ErrorMessageFor source="notifications">{ALERTS_MSG.notificationsFailed}</ErrorMessageFor>
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
    </SidePanel>
  );
}
