/**
 * Email verification in the 'registration' or 'login' context: a 6-digit
 * code, Resend with a 60-second cooldown, and 'Back' to Register or Login. Success logs the
 * person in and shows Welcome. Opened after a code was sent, the cooldown already runs (the
 * server's resendAfterS); opened by a login that sent none, it says so and offers Resend. A
 * resend empties the code input (a wrong code typed before is of no use).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Form, ModalBody } from 'reactstrap';
import { UI } from '@shared/messages';
import { isCompleteCode, validateCode } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { resendCode, verifyEmail } from '../account.thunks';
import { CodeInput } from './code-input';
import { DialogAlert, DialogFooter, DialogFrame } from './dialog-frame';
import { dialogClosed, dialogReplaced, type VerifyContext } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { useBusy } from '../../../components/use-busy';
import { useCountdown } from './use-countdown';

interface VerifyDialogProps {
  email: string;
  context: VerifyContext;
  /** False when the dialog opened without a new code being mailed. */
  codeSent?: boolean;
  /** When Resend may be used again (ms since the epoch). */
  resendAt?: number;
}

export function VerifyDialog({ email, context, codeSent = true, resendAt }: VerifyDialogProps) {
  const dispatch = useAppDispatch();
  const { error, show, clear } = useShownError('verify');
  const [busy, run] = useBusy();
  const [cooldown, startCooldown] = useCountdown(resendAt);
  const [sent, setSent] = useState(codeSent);
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
    const endsAt = await run(() => dispatch(resendCode(email, context)));
    if (endsAt === null) return;
    startCooldown(endsAt);
    setSent(true);
    setCode('');
  };

  return (
    <DialogFrame title="Verify your email" onClose={() => leave(false)} busy={busy} initialFocus={first}>
      <Form noValidate onSubmit={submit}>
        <ModalBody>
          {sent ? (
            <p>
              {context === 'login' ? 'Your account is not verified yet. ' : ''}
              We sent a 6-digit verification code to <strong>{email}</strong>. Enter it below to continue.
            </p>
          ) : (
            <p>{UI.verifyNoNewCode(email)}</p>
          )}
          <DialogAlert error={error} />
          <CodeInput value={code} onValue={setCode} disabled={busy} inputRef={first} />
          <Button color="link" className="p-0" onClick={resend} disabled={busy || cooldown > 0}>
            {cooldown > 0 ? UI.resendIn(cooldown) : UI.resendCode}
          </Button>
        </ModalBody>
        <DialogFooter busy={busy} submit="Verify" incomplete={!isCompleteCode(code)} onBack={() => leave(true)} />
      </Form>
    </DialogFrame>
  );
}
