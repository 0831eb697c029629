import { useState } from 'react';
import { Alert, Button, Spinner } from 'reactstrap';
import type { AccumulatorComparison } from '@shared/betting/accumulator';
import type { CreatedCodeDto } from '@shared/contract/booking';
import { BOOKABLE_BOOKS, BOOKING_MSG } from '@shared/booking-messages';
import { providerName } from '@shared/lookups';
import { ErrorMessage } from '../../../components/error-ref';
import { asAppError } from '../../../lib/errors';
import { useFormError } from '../../../lib/shown-error';
import type { SlipLeg } from '../../../lib/slip.slice';
import { useCreateBookingCodeMutation } from './booking.api';
import { shareText, whatsappLink } from './share-text';

const bookable = (id: number) => (BOOKABLE_BOOKS as readonly number[]).includes(id);

/**
 * Beside the slip's comparison: 'Get <Book> code' for the best-paying book that can book (with
 * why, when a book that cannot book pays more), and the same for the other books that can; a made code shows in
 * large type with Copy, Share and the book's own link, and which legs it holds.
 */
export function GetCodes({ legs, comparison }: { legs: readonly SlipLeg[]; comparison: AccumulatorComparison }) {
  const byPrice = [...comparison.books].sort((a, b) => b.price - a.price);
  const [best, ...others] = byPrice.filter((b) => bookable(b.providerId));
  const top = byPrice[0];
  // A made code belongs to the legs it was made for: another slip starts afresh.
  const slip = legs.map((l) => `${l.eventId}~${l.marketId}~${l.selectionTypeId}`).join(',');
  if (!best) return null;
  return (
    <section className="booking-get mt-2">
      {top && top.price > best.price && (
        <p className="small mb-1">
          {BOOKING_MSG.cannotBookTop(providerName(top.providerId), providerName(best.providerId))}
        </p>
      )}
      <GetCode
        key={`${best.providerId}:${slip}`}
        provider={best.providerId}
        legs={legs}
        comparison={comparison}
        primary
      />
      {others.length > 0 && (
        <div className="mt-2">
          <div className="small text-body-secondary mb-1">{BOOKING_MSG.otherBooks}</div>
          {others.map((b) => (
            <GetCode key={`${b.providerId}:${slip}`} provider={b.providerId} legs={legs} comparison={comparison} />
          ))}
        </div>
      )}
    </section>
  );
}

function GetCode({
  provider,
  legs,
  comparison,
  primary = false,
}: {
  provider: number;
  legs: readonly SlipLeg[];
  comparison: AccumulatorComparison;
  primary?: boolean;
}) {
  const [create, { isLoading }] = useCreateBookingCodeMutation();
  const [made, setMade] = useState<CreatedCodeDto | null>(null);
  const { error, showFailure, clear } = useFormError(`booking-get-${provider}`);
  const [copied, setCopied] = useState(false);
  const book = providerName(provider);

  const get = async () => {
    clear();
    setCopied(false);
    try {
      const body = legs.map((l) => ({ eventId: l.eventId, market: l.marketId, selection: l.selectionTypeId }));
      setMade(await create({ provider, legs: body }).unwrap());
    } catch (failure) {
      setMade(null);
      showFailure(asAppError(failure).message, failure);
    }
  };

  if (!made) {
    return (
      <div className="mb-1">
        <Button size="sm" color="success" outline={!primary} onClick={() => void get()} disabled={isLoading}>
          {isLoading ? <Spinner size="sm" aria-label={BOOKING_MSG.gettingCode} /> : BOOKING_MSG.getCode(book)}
        </Button>
        {error && (
          <Alert color="warning" fade={false} className="small py-1 px-2 mt-1 mb-0" role="alert">
            <ErrorMessage error={error}>{error.message}</ErrorMessage>
          </Alert>
        )}
      </div>
    );
  }

  const text = shareText(provider, made.code, legs, comparison);
  const share = () => {
    if (typeof navigator.share === 'function') {
      void navigator.share({ text }).catch(() => undefined);
    } else {
      window.open(whatsappLink(text), '_blank', 'noopener');
    }
  };
  const copy = () =>
    void navigator.clipboard?.writeText(made.code).then(
      () => setCopied(true),
      () => undefined,
    );
  const nameOf = (eventId: string) => legs.find((l) => l.eventId === eventId)?.name || eventId;
  return (
    <div className="booking-code border rounded p-2 mb-2" aria-label={BOOKING_MSG.codeTitle(book)} role="group">
      <div className="small">{BOOKING_MSG.codeTitle(book)}</div>
      <div className="display-6 fw-bold booking-code-value" data-testid="booking-code">
        {made.code}
      </div>
      <div className="d-flex flex-wrap gap-2 my-1">
        <Button size="sm" color="primary" onClick={copy}>
          {copied ? BOOKING_MSG.copied : BOOKING_MSG.copy}
        </Button>
        <Button size="sm" color="primary" outline onClick={share}>
          {BOOKING_MSG.share}
        </Button>
        {/^https:\/\//.test(made.url) && (
          <a className="btn btn-sm btn-outline-secondary" href={made.url} target="_blank" rel="noopener noreferrer">
            {BOOKING_MSG.openAt(book)}
          </a>
        )}
      </div>
      <div className="small">{BOOKING_MSG.booked(made.legs.length, legs.length)}</div>
      {made.skipped.length > 0 && (
        <ul className="small mb-0 ps-3 booking-skipped">
          {made.skipped.map((s) => (
            <li key={s.eventId}>
              {nameOf(s.eventId)} — {BOOKING_MSG.skipped(s.reason)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
