/**
 * The /nigeria preview (SPEC §2, §8): the first 2 sample events of GET /api/odds/sample,
 * rendered with the dashboard's event cards, after at least 300 ms of placeholder. Under
 * react-snap nothing is fetched and the placeholder stays (ARCHITECTURE §8), which is exactly
 * the client's first render, so hydration matches.
 */
import { useEffect } from 'react';
import { Alert } from 'reactstrap';
import { ErrorCode } from '@shared/errors';
import { PREVIEW_EVENT_COUNT } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useGetSampleQuery } from '../../api/odds.api';
import { EventList } from '../../components/odds/event-list';
import { errorShown } from '../../app/errors.slice';
import { useAppDispatch } from '../../app/hooks';
import { isPrerendering } from '../../app/prerender';
import { useMinimumLoading } from './use-minimum-loading';

export const PREVIEW_COUNTRY = 'nigeria';
export const PREVIEW_LOADING = 'Loading sample matches...';

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code ? code : ErrorCode.NETWORK_ERROR;
}

export function NigeriaPreview() {
  const dispatch = useAppDispatch();
  const prerendering = isPrerendering();
  const { data, error, isError, isLoading, isUninitialized } = useGetSampleQuery(PREVIEW_COUNTRY, {
    skip: prerendering,
  });
  const waiting = useMinimumLoading(prerendering || isUninitialized || isLoading);
  const failed = !waiting && isError;

  useEffect(() => {
    if (failed) dispatch(errorShown({ source: 'preview', code: codeOf(error), message: MSG.previewFailed }));
  }, [dispatch, failed, error]);

  if (waiting)
    return (
      <div className="preview-placeholder d-flex align-items-center justify-content-center" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        <span>{PREVIEW_LOADING}</span>
      </div>
    );
  if (failed) return <Alert color="warning">{MSG.previewUnavailable}</Alert>;

  const events = (data?.events ?? []).slice(0, PREVIEW_EVENT_COUNT);
  if (events.length === 0)
    return (
      <Alert color="info">
        <h3 className="h6 alert-heading">{MSG.previewEmptyTitle}</h3>
        <p className="mb-0">{MSG.previewEmptyText}</p>
      </Alert>
    );
  return <EventList events={events} source={data?.source} />;
}
