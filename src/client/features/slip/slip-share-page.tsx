import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Alert } from 'reactstrap';
import { SLIP_MSG } from '@shared/tools-messages';
import { useAppDispatch } from '../../app/hooks';
import { slipLinkOpened, slipOpened } from '../../lib/slip.slice';
import { parseSlipLink } from './slip-link';

/**
 * `/slip?legs=…`: a shared slip replaces the visitor's own, then the
 * dashboard opens with the slip open; a malformed link says so. `/slip` with no link at all (typed,
 * bookmarked) opens the visitor's own slip there, as it is.
 */
export function SlipSharePage() {
  const dispatch = useAppDispatch();
  const link = new URLSearchParams(useLocation().search).get('legs');
  const legs = parseSlipLink(link);
  useEffect(() => {
    if (legs) dispatch(slipLinkOpened(legs));
    else if (link === null) dispatch(slipOpened());
    // The link is read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (legs || link === null) return <Navigate to="/dashboard" replace />;
  return (
    <main className="container py-3">
      <h1 className="h4">{SLIP_MSG.title}</h1>
      <Alert color="warning" fade={false}>
        {SLIP_MSG.badLink}
      </Alert>
      <Link to="/dashboard">{SLIP_MSG.backToDashboard}</Link>
    </main>
  );
}
