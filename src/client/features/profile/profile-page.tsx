/**
 * /profile (docs/architecture.md#settled-details): loading, then error, the profile, or the empty
 * state. Username, e-mail and country (as its name), plus member-since and last-login dates when
 * present; a date that does not parse reads 'Invalid date'. Under the details, the self-service
 * of the profile: change password, download my data, delete account (`self-service.tsx`).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { Fragment, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, CardBody } from 'reactstrap';
import type { ProfileDto } from '@shared/contract/users';
import { formatDate } from '@shared/format';
import { countryName } from '@shared/lookups';
import { MSG, UI } from '@shared/messages';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/page-loading';
import { asAppError } from '../../lib/errors';
import { selectUser } from '../../lib/session';
import { useShownError } from '../../lib/shown-error';
import { useMeQuery } from './profile.api';
import { SelfService } from './self-service';
import { AlertDelivery } from './alert-delivery';
import { useGetAlertSettingsQuery } from './alert-settings.api';
import { MyBooksSetting } from './my-books-setting';
import { ErrorMessageFor } from '../../components/error-ref';

/** The text of a failed load: the server's description or message, else the generic one. */
const failureText = (error: unknown): string => asAppError(error).message || MSG.profileUnexpected;

function ProfileDetails({ profile }: { profile: ProfileDto }) {
  const rows: [string, ReactNode][] = [
    ['Username', profile.username],
    ['Email', profile.email],
    ['Country', <Badge color="secondary">{countryName(profile.country)}</Badge>],
  ];
  if (profile.registrationDate) rows.push(['Member since', formatDate(profile.registrationDate)]);
  if (profile.lastLogin) rows.push(['Last login', formatDate(profile.lastLogin)]);
  return (
    <Card>
      <CardBody>
        <dl className="row mb-0">
          {rows.map(([term, value]) => (
            <Fragment key={term}>
              <dt className="col-sm-4">{term}</dt>
              <dd className="col-sm-8">{value}</dd>
            </Fragment>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}

export function ProfilePage() {
  const user = useAppSelector(selectUser);
  const { data, error, isLoading, isFetching, refetch } = useMeQuery(user?.id ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  // Asked beside the profile and waited for (its first answer or failure), so 'Alert delivery' is
  // there with the rest instead of pushing the cards under it down when it arrives. A failure stays
  // in the result while the card's own subscription asks again, so the page does not go back to
  // loading then.
  const settings = useGetAlertSettingsQuery(user ? undefined : skipToken);
  const failure = error ? failureText(error) : null;
  useShownError('profile', error, failure ?? undefined);

  if (isLoading || (isFetching && !data) || (settings.isLoading && !settings.error)) return <PageLoading />;

  return (
    <main className="container py-4" style={{ maxWidth: '42rem' }}>
      <h1 className="h3 mb-4">Your profile</h1>
      {failure ? (
        <Alert color="danger" fade={false}>
          <h2 className="alert-heading h5">{MSG.profileErrorTitle}</h2>
          <p>
            <ErrorMessageFor source="profile">{failure}</ErrorMessageFor>
          </p>
          <Button color="danger" outline size="sm" onClick={() => void refetch()}>
            {UI.tryAgain}
          </Button>
        </Alert>
      ) : data ? (
        <>
          <ProfileDetails profile={data} />
          <MyBooksSetting />
          <AlertDelivery />
          <SelfService />
        </>
      ) : (
        <div className="alert alert-info" role="status">
          <strong>{MSG.profileEmptyTitle}:</strong> {MSG.profileEmptyText}
        </div>
      )}
    </main>
  );
}
