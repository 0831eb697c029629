import { useId, useState, type FormEvent } from 'react';
import { Button, FormGroup, Input, Label } from 'reactstrap';
import { ALERTS_MSG } from '@shared/alerts-messages';
import { ALERT_DROP_PCT_MAX } from '@shared/constants';
import type { CreateAlertRequest } from '@shared/contract/alerts';
import { ErrorCode } from '@shared/errors';
import { providerName } from '@shared/lookups';
import { asAppError } from '../../lib/errors';
import { useFormError } from '../../lib/shown-error';
import { useCreateAlertMutation } from './alert.api';
import { ErrorMessage } from '../../components/error-ref';

interface AlertFormProps {
  eventId: string;
  marketId: number;
  selectionTypeId: number;
  /** The bookmakers pricing this market, offered besides 'Any bookmaker'. */
  providerIds: readonly number[];
}

const MAX_PRICE = 10_000;

/** A typed number, or NaN for text that is not one; undefined when empty. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return undefined;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}

/** The form's own checks: the message to show, or the request to send. */
function check(atLeastText: string, dropText: string): string | { atLeast?: number; dropPct?: number } {
  const atLeast = numberOf(atLeastText);
  const dropPct = numberOf(dropText);
  if (atLeast === undefined && dropPct === undefined) return ALERTS_MSG.alertNeedsRule;
  if (atLeast !== undefined && !(atLeast > 1 && atLeast <= MAX_PRICE)) return ALERTS_MSG.alertBadPrice;
  if (dropPct !== undefined && !(dropPct > 0 && dropPct <= ALERT_DROP_PCT_MAX)) return ALERTS_MSG.alertBadDrop;
  return { atLeast, dropPct };
}

/** A refusal as the person reads it: the limit in our words, else the server's, else ours. */
function refusalText(failure: unknown): string {
  const error = asAppError(failure);
  if (error.code !== ErrorCode.RATE_LIMIT_EXCEEDED && /LIMIT|TOO_MANY/.test(error.code)) return ALERTS_MSG.alertLimit;
  if (error.status === 400 || error.status === 409 || error.status === 422) return error.message;
  return ALERTS_MSG.alertFailed;
}

/**
 * 'Alert me' under a selection's price history: at least a price and/or a
 * drop, any or one bookmaker, boosted prices optionally. Values stay in the component; what is
 * shown as an error is recorded in the store.
 */
export function AlertForm({ eventId, marketId, selectionTypeId, providerIds }: AlertFormProps) {
  const [open, setOpen] = useState(false);
  const [atLeast, setAtLeast] = useState('');
  const [drop, setDrop] = useState('');
  const [book, setBook] = useState('');
  const [boosted, setBoosted] = useState(false);
  const [saved, setSaved] = useState(false);
  const [create, { isLoading }] = useCreateAlertMutation();
  const { error, show, showFailure, clear } = useFormError('alert');
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const checked = check(atLeast, drop);
    if (typeof checked === 'string') {
      show(checked);
      return;
    }
    clear();
    const request: CreateAlertRequest = {
      eventId,
      marketId,
      selectionTypeId,
      includeBoosted: boosted,
      ...(book ? { providerId: Number(book) } : {}),
      ...(checked.atLeast !== undefined ? { atLeast: checked.atLeast } : {}),
      ...(checked.dropPct !== undefined ? { dropPct: checked.dropPct } : {}),
    };
    const result = await create(request);
    if ('error' in result) showFailure(refusalText(result.error), result.error);
    else {
      setSaved(true);
      setAtLeast('');
      setDrop('');
    }
  }

  if (!open)
    return (
      <Button color="primary" outline size="sm" className="mt-2" onClick={() => setOpen(true)}>
        {ALERTS_MSG.alertMe}
      </Button>
    );

  return (
    <form className="alert-form border-top mt-2 pt-2" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="h6">
        {ALERTS_MSG.alertHeading}
      </h4>
      <div className="row g-2">
        <FormGroup className="col-6 mb-0">
          <Label for={`${id}-at-least`} className="small mb-1">
            {ALERTS_MSG.whenAtLeast}
          </Label>
          <Input
            id={`${id}-at-least`}
            inputMode="decimal"
            autoComplete="off"
            value={atLeast}
            onChange={(e) => setAtLeast(e.target.value)}
          />
        </FormGroup>
        <FormGroup className="col-6 mb-0">
          <Label for={`${id}-drop`} className="small mb-1">
            {ALERTS_MSG.whenDrops}
          </Label>
          <Input
            id={`${id}-drop`}
            inputMode="decimal"
            autoComplete="off"
            value={drop}
            onChange={(e) => setDrop(e.target.value)}
          />
        </FormGroup>
        <FormGroup className="col-12 col-sm-6 mb-0">
          <Label for={`${id}-book`} className="small mb-1">
            {ALERTS_MSG.bookLabel}
          </Label>
          <Input id={`${id}-book`} type="select" value={book} onChange={(e) => setBook(e.target.value)}>
            <option value="">{ALERTS_MSG.anyBook}</option>
            {providerIds.map((providerId) => (
              <option key={providerId} value={providerId}>
                {providerName(providerId)}
              </option>
            ))}
          </Input>
        </FormGroup>
        <div className="col-12 col-sm-6 d-flex align-items-end">
          <label className="small d-flex align-items-center gap-2 py-1">
            <input type="checkbox" checked={boosted} onChange={(e) => setBoosted(e.target.checked)} />
            {ALERTS_MSG.includeBoosted}
          </label>
        </div>
      </div>
      {error && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          <ErrorMessage error={error}>{error.message}</ErrorMessage>
        </p>
      )}
      {saved && !error && (
        <p className="small text-success-emphasis mt-2 mb-0" role="status">
          {ALERTS_MSG.alertSaved}
        </p>
      )}
      <Button type="submit" color="primary" size="sm" className="mt-2" disabled={isLoading}>
        {ALERTS_MSG.saveAlert}
      </Button>
    </form>
  );
}
