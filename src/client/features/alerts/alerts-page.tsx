import { Link } from 'react-router-dom';
import { Alert, Badge, Button } from 'reactstrap';
import { ALERTS_MSG } from '@shared/alerts-messages';
import type { AlertDto } from '@shared/contract/alerts';
import { marketName } from '@shared/lookups';
import { UI } from '@shared/messages';
import { PageLoading } from '../../components/page-loading';
import { matchHref } from '../../components/odds/match-path';
import { selectionLabel } from '../../components/odds/selection-label';
import { useMinute } from '../../components/odds/use-minute';
import { useShownError } from '../../lib/shown-error';
import { ruleText, statusText } from './alert-text';
import { useDeleteAlertMutation, useGetAlertsQuery } from './alerts.api';
import { ErrorMessage } from '../../components/error-ref';
import { ErrorMessageFor } from '../../components/error-ref';

const STATUS_COLOR = { active: 'success', fired: 'primary', ended: 'secondary' } as const;

function AlertItem({ alert, now, timeZone }: { alert: AlertDto; now: Date; timeZone?: string }) {
  const [remove, { isLoading, error }] = useDeleteAlertMutation();
  const shown = useShownError(`alert-delete-${alert.id}`, error, ALERTS_MSG.deleteFailed);
  const status = statusText(alert, now, timeZone);
  return (
    <li className="card card-body p-2 p-sm-3 mb-2">
      <div className="d-flex justify-content-between align-items-start gap-2">
        <div className="min-w-0">
          <Link to={matchHref(alert.eventId)} className="fw-semibold">
            {alert.name}
          </Link>
          <div className="small">
            {selectionLabel(alert.marketId, alert.selectionTypeId)} · {marketName(alert.marketId)}
          </div>
          <div className="small text-body-secondary">{ruleText(alert)}</div>
          <div className="small mt-1">
            <Badge color={STATUS_COLOR[alert.status]}>{status.label}</Badge>
            {status.detail && <span className="ms-2">{status.detail}</span>}
          </div>
          {error && shown.error && (
            <p className="small text-danger mb-0 mt-1" role="alert">
              <ErrorMessage error={shown.error}>{shown.error.message}</ErrorMessage>
            </p>
          )}
        </div>
        <Button
          color="danger"
          outline
          size="sm"
          className="text-nowrap flex-shrink-0"
          disabled={isLoading}
          aria-label={`${ALERTS_MSG.deleteAlert}: ${alert.name}`}
          onClick={() => void remove(alert.id)}
        >
          {ALERTS_MSG.deleteAlert}
        </Button>
      </div>
    </li>
  );
}

/** `/alerts`: every alert with its rule and status; each can be deleted. */
export function AlertsPage({ now, timeZone }: { now?: number; timeZone?: string }) {
  const { data, error, isError, isLoading, refetch } = useGetAlertsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  useShownError('alerts', isError ? error : undefined, ALERTS_MSG.alertsFailed);
  const thisMinute = useMinute();
  const at = new Date(now ?? thisMinute);

  let content;
  if (isLoading) content = <PageLoading />;
  else if (isError)
    content = (
      <Alert color="danger" fade={false}>
        <ErrorMessageFor source="alerts">{ALERTS_MSG.alertsFailed}</ErrorMessageFor>
        <div>
          <Button color="danger" outline size="sm" className="mt-2" onClick={() => void refetch()}>
            {UI.tryAgain}
          </Button>
        </div>
      </Alert>
    );
  else if (!data?.length) content = <Alert color="info">{ALERTS_MSG.alertsEmpty}</Alert>;
  else
    content = (
      <ul className="list-unstyled mb-0">
        {data.map((alert) => (
          <AlertItem key={alert.id} alert={alert} now={at} timeZone={timeZone} />
        ))}
      </ul>
    );

  return (
    <main className="container py-3" style={{ maxWidth: '42rem' }}>
      <h1 className="h4">{ALERTS_MSG.alertsTitle}</h1>
      <p className="small text-body-secondary">{ALERTS_MSG.alertsIntro}</p>
      {content}
    </main>
  );
}
