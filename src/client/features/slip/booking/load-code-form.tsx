import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form, Input, Label, Spinner } from 'reactstrap';
import type { LoadedCodeDto } from '@shared/contract/booking';
import { Link } from 'react-router-dom';
import { BOOKING_CODE, BOOKING_MSG, LOADABLE_BOOKS, codePath } from '@shared/booking-messages';
import { providerName } from '@shared/lookups';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectField } from '../../../components/select-field';
import { ErrorMessage } from '../../../components/error-ref';
import { asAppError } from '../../../lib/errors';
import { useFormError } from '../../../lib/shown-error';
import { type SlipLeg, selectSlipLegs, slipLinkOpened } from '../../../lib/slip.slice';
import { useLazyLoadBookingCodeQuery } from './booking.api';
import { slipLegsOf, unmappedLegs } from './loaded-legs';
import { ReplaceOrJoin } from './replace-or-join';
import { UnmappedList } from './unmapped-list';

/**
 * 'Load a booking code' on the slip: a book and a code; the code's legs
 * replace the slip or join it (asked when the slip is not empty); legs that are not matches and
 * markets we compare are listed with the reason.
 */
export function LoadCodeForm() {
  const dispatch = useAppDispatch();
  const slip = useAppSelector(selectSlipLegs);
  const codeId = useId();
  const [provider, setProvider] = useState<number>(LOADABLE_BOOKS[0]);
  const [text, setText] = useState('');
  const { error, show, showFailure, clear } = useFormError('booking-load');
  const [pending, setPending] = useState<{ code: LoadedCodeDto; legs: SlipLeg[] } | null>(null);
  const [done, setDone] = useState<LoadedCodeDto | null>(null);
  const [load, { isFetching }] = useLazyLoadBookingCodeQuery();
  const doneLegs = done ? slipLegsOf(done).length : 0;

  const put = (legs: SlipLeg[], code: LoadedCodeDto) => {
    dispatch(slipLinkOpened(legs));
    setPending(null);
    setDone(code);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    setDone(null);
    setPending(null);
    const code = text.trim().toUpperCase();
    if (!BOOKING_CODE.test(code)) return void show(BOOKING_MSG.badCode);
    try {
      const loaded = await load({ provider, code }, true).unwrap();
      const legs = slipLegsOf(loaded);
      if (legs.length === 0) setDone(loaded);
      else if (slip.length === 0) put(legs, loaded);
      else setPending({ code: loaded, legs });
    } catch (failure) {
      showFailure(asAppError(failure).message, failure);
    }
  };

  return (
    <section className="booking-load border rounded p-2 mb-3" aria-labelledby={`${codeId}-title`}>
      <h3 id={`${codeId}-title`} className="h6 mb-2">
        {BOOKING_MSG.loadTitle}
      </h3>
      <Form noValidate onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-end">
        <SelectField
          label={BOOKING_MSG.book}
          labelClassName="small mb-1"
          small
          value={provider}
          options={LOADABLE_BOOKS.map((id) => ({ value: id, label: providerName(id) }))}
          onValue={(value) => setProvider(Number(value))}
        />
        <div className="flex-grow-1">
          <Label for={codeId} className="small mb-1">
            {BOOKING_MSG.code}
          </Label>
          <Input
            id={codeId}
            bsSize="sm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            value={text}
            invalid={error?.message === BOOKING_MSG.badCode}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" color="primary" size="sm" disabled={isFetching}>
          {isFetching ? <Spinner size="sm" aria-label={BOOKING_MSG.loading} /> : BOOKING_MSG.load}
        </Button>
      </Form>
      {error && (
        <Alert color="warning" fade={false} className="small py-1 px-2 mt-2 mb-0" role="alert">
          <ErrorMessage error={error}>{error.message}</ErrorMessage>
        </Alert>
      )}
      {done && doneLegs === 0 && (
        <Alert color="info" fade={false} className="small py-1 px-2 mt-2 mb-0">
          {BOOKING_MSG.noneMapped}
        </Alert>
      )}
      {pending && (
        <ReplaceOrJoin
          legs={pending.legs}
          onPut={(next) => put(next, pending.code)}
          onCancel={() => setPending(null)}
        />
      )}
      {done && doneLegs > 0 && (
        <p className="small mt-2 mb-0" role="status">
          {BOOKING_MSG.loaded(doneLegs, providerName(done.provider), done.code)}{' '}
          <Link to={codePath(done.provider, done.code)}>{BOOKING_MSG.pageLink}</Link>
        </p>
      )}
      {(done ?? pending?.code) && <UnmappedList legs={unmappedLegs((done ?? pending?.code) as LoadedCodeDto)} />}
    </section>
  );
}
