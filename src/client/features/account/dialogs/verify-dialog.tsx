/**
 * Email verification (SPEC §2, §4, §5, §8) in the 'registration' or 'login' context: a 6-digit
 * code, Resend with a 60-second cooldown, and 'Back' to Register or Login. Success logs the
 * person in and shows Welcome.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Form, ModalBody, ModalFooter, Spinner } from 'reactstrap';
import { RESEND_COOLDOWN_S } from '@shared/constants';
import { UI } from '@shared/messages';
import { isCompleteCode, validateCode } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { resendCode, verifyEmail } from '../account.thunks';
import { CodeInput } from './code-input';
import { DialogAlert, DialogFrame } from './dialog-frame';
import { dialogClosed, dialogReplaced, type VerifyContext } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { useBusy } from './use-busy';
import { useCountdown } from './use-countdown';

export function VerifyDialog({ email, context }: { email: string; context: VerifyContext }) {
  const dispatch = useAppDispatch();
  const { error, show, clear } = useShownError('verify');
  const [busy, run] = useBusy();
  const [cooldown, startCooldown] = useCountdown();
  const [code, setCode] = useState('');
  const first = useRef<HTMLInputElement>(null);

  const leave = (back: boolean) => {
    clear();
    dispatch(back ? dialogReplaced({ name: context === 'registration' ? 'register' : 'login' }) : dialogClosed());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const invalid = validateCode(code);
    if (invalid) return void show(invalid);
    await run(() => dispatch(verifyEmail(email, code, context)));
  };

  const resend = async () => {
    clear();
    if (await run(() => dispatch(resendCode(email, context)))) startCooldown(RESEND_COOLDOWN_S);
  };

  return (
    <DialogFrame title="Verify your email" onClose={() => leave(false)} busy={busy} initialFocus={first}>
      <Form noValidate onSubmit={submit}>
        <ModalBody>
          <p>
            {context === 'login' ? 'Your account is not verified yet. ' : ''}
            We sent a 6-digit verification code to <strong>{email}</strong>. Enter it below to continue.
          </p>
          <DialogAlert error={error} />
          <CodeInput value={code} onValue={setCode} disabled={busy} inputRef={first} />
          <Button color="link" className="p-0" onClick={resend} disabled={busy || cooldown > 0}>
            {cooldown > 0 ? UI.resendIn(cooldown) : 'Resend code'}
          </Button>
        </ModalBody>
        <ModalFooter className="justify-content-between">
          <Button color="secondary" outline onClick={() => leave(true)} disabled={busy}>
            {UI.back}
          </Button>
          <Button type="submit" color="primary" disabled={busy || !isCompleteCode(code)}>
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Verify
          </Button>
        </ModalFooter>
      </Form>
    </DialogFrame>
  );
}
