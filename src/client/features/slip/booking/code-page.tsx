import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Button } from 'reactstrap';
import { BOOKABLE_BOOKS, BOOKING_CODE, BOOKING_MSG, bookBySlug } from '@shared/booking-messages';
import { marketName, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { SLIP_MSG } from '@shared/tools-messages';
import { ODDS_POLL_INTERVAL_MS } from '@shared/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectionLabel } from '../../../components/odds/selection-label';
import { ErrorMessageFor } from '../../../components/error-ref';
import { asAppError } from '../../../lib/errors';
import { useShownError } from '../../../lib/shown-error';
import { type SlipLeg, selectSlipLegs, slipLinkOpened } from '../../../lib/slip.slice';
import { SlipComparison } from '../slip-comparison';
import { currentPrice } from '../slip-legs';
import { useGetSlipEventQuery } from '../slip.api';
import { useLoadBookingCodeQuery } from './booking.api';
import { slipLegsOf, unmappedLegs } from './loaded-legs';
import { ReplaceOrJoin } from './replace-or-join';
import { UnmappedList } from './unmapped-list';

/**
 * `/code/<book-slug>/<CODE>`: loads the code, shows its legs
 * (marked when the price moved since the code was made, or a book that can book does not offer
 * the leg), the comparison of every book with 'Get <Book> code', and puts the legs on the slip.
 */
export function CodePage() {
  const params = useParams();
  const provider = bookBySlug(params.book ?? '');
  const code = (params.code ?? '').toUpperCase();
  const valid = provider !== undefined && BOOKING_CODE.test(code);
  const { currentData, error, isFetching } = useLoadBookingCodeQuery(
    { provider: provider ?? 0, code },
    { skip: !valid },
  );
  const legs = useMemo(() => (currentData ? slipLegsOf(currentData) : []), [currentData]);
  const failure = error ? asAppError(error).message : undefined;
  useShownError('booking-code', error, failure);

  if (!valid) {
    return (
      <main className="container py-3">
        <h1 className="h4">{BOOKING_MSG.loadTitle}</h1>
        <Alert color="warning" fade={false}>
          {BOOKING_MSG.badPage}
        </Alert>
        <Link to="/dashboard">{SLIP_MSG.backToDashboard}</Link>
      </main>
    );
  }
  return (
    <main className="container py-3 booking-page">
      <h1 className="h4">{BOOKING_MSG.pageTitle(providerName(provider), code)}</h1>
      <p className="small text-body-secondary">{BOOKING_MSG.pageIntro}</p>
      {isFetching && !currentData && <p className="small">{BOOKING_MSG.loading}</p>}
      {failure && (
        <Alert color="warning" fade={false} role="alert">
          <ErrorMessageFor source="booking-code">{failure}</ErrorMessageFor>
        </Alert>
      )}
      {currentData && (
        <>
          {legs.length === 0 ? (
            <Alert color="info" fade={false}>
              {BOOKING_MSG.noneMapped}
            </Alert>
          ) : (
            <>
              <ol className="list-unstyled mb-0">
                {legs.map((leg) => (
                  <CodeLeg key={leg.eventId} leg={leg} />
                ))}
              </ol>
              <PutOnSlip legs={legs} />
              <SlipComparison legs={legs} />
            </>
          )}
          <UnmappedList legs={unmappedLegs(currentData)} />
        </>
      )}
    </main>
  );
}

/** One leg with its current price at the code's book, and the books that can book but do not offer it. */
function CodeLeg({ leg }: { leg: SlipLeg }) {
  const { currentData } = useGetSlipEventQuery(leg.eventId, {
    pollingInterval: ODDS_POLL_INTERVAL_MS,
    skipPollingIfUnfocused: true,
  });
  const now = currentPrice(currentData, leg);
  const nowValue = typeof now === 'object' && now !== null ? now.value : null;
  const moved = currentData !== undefined && nowValue !== leg.value;
  const missing = currentData
    ? BOOKABLE_BOOKS.filter((book) => {
        const price = currentPrice(currentData, leg, book);
        return !(typeof price === 'object' && price !== null && price.value !== null);
      })
    : [];
  return (
    <li className={`slip-leg py-2 border-bottom${moved ? ' slip-leg-moved' : ''}`}>
      <div className="fw-semibold">{leg.name}</div>
      <div className="small">
        {marketName(leg.marketId)} · {selectionLabel(leg.marketId, leg.selectionTypeId)} ·{' '}
        {providerName(leg.providerId)} <span className="fw-bold">{formatOdds(leg.value)}</span>
      </div>
      {moved && (
        <div className="small text-warning-emphasis fw-semibold slip-moved">
          {SLIP_MSG.moved(formatOdds(leg.value), formatOdds(nowValue))}
        </div>
      )}
      {missing.length > 0 && (
        <div className="small text-body-secondary booking-not-offered">
          {BOOKING_MSG.notOfferedAt(missing.map(providerName).join(', '))}
        </div>
      )}
    </li>
  );
}

/** The legs onto the slip: at once when it is empty, else replace or add, as asked. */
function PutOnSlip({ legs }: { legs: SlipLeg[] }) {
  const dispatch = useAppDispatch();
  const slip = useAppSelector(selectSlipLegs);
  const [asking, setAsking] = useState(false);
  const put = (next: SlipLeg[]) => {
    dispatch(slipLinkOpened(next));
    setAsking(false);
  };
  if (asking) return <ReplaceOrJoin legs={legs} onPut={put} onCancel={() => setAsking(false)} />;
  return (
    <Button
      size="sm"
      color="primary"
      outline
      className="mt-2"
      onClick={() => (slip.length ? setAsking(true) : put(legs))}
    >
      {BOOKING_MSG.toSlip}
    </Button>
  );
}
