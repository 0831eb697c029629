/**
 * The /nigeria preview: the first 2 sample events of GET /api/odds/sample,
 * rendered with the dashboard's event cards, after at least 300 ms of placeholder. Under
 * react-snap nothing is fetched and the placeholder stays, which is exactly
 * the client's first render, so hydration matches.
 */
import { Alert } from 'reactstrap';
import { PREVIEW_EVENT_COUNT } from '@shared/constants';
import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { MSG } from '@shared/messages';
import { BookKey } from '../../components/odds/book-key';
import { EventList } from '../../components/odds/event-list';
import { isPrerendering } from '../../lib/prerender';
import { useShownError } from '../../lib/shown-error';
import { useGetSampleQuery } from './sample.api';
import { useMinimumLoading } from './use-minimum-loading';
import { ErrorMessageFor } from '../../components/error-ref';

const PREVIEW_LOADING = 'Loading sample matches...';

export function NigeriaPreview() {
  const prerendering = isPrerendering();
  const { data, error, isError, isLoading, isUninitialized } = useGetSampleQuery(NIGERIA_COUNTRY_ID, {
    skip: prerendering,
  });
  const waiting = useMinimumLoading(prerendering || isUninitialized || isLoading);
  const failed = !waiting && isError;

  useShownError('preview', failed ? error : undefined, MSG.previewFailed);

  if (waiting)
    return (
      <div className="preview-placeholder d-flex align-items-center justify-content-center" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        <span>{PREVIEW_LOADING}</span>
      </div>
    );
  if (failed)
    return (
      <Alert color="warning">
        <ErrorMessageFor source="preview">{MSG.previewUnavailable}</ErrorMessageFor>
      </Alert>
    );

  const events = (data?.events ?? []).slice(0, PREVIEW_EVENT_COUNT);
  if (events.length === 0)
    return (
      <Alert color="info">
        <h3 className="h6 alert-heading">{MSG.previewEmptyTitle}</h3>
        <p className="mb-0">{MSG.previewEmptyText}</p>
      </Alert>
    );
  return (
    <>
      <BookKey />
      <EventList events={events} source={data?.source} />
    </>
  );
}
