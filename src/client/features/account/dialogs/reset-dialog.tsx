/**
 * Reset password for the e-mail the forgot step sent a code to: the code and
 * the new password twice (the registration rules, the common-password list included), 'Resend
 * code' with the same 60-second cooldown (running from when the code was sent; a resend empties
 * the code input) and 'Back' to the e-mail form. Success logs the person in and goes to /dashboard.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, ModalBody } from 'reactstrap';
import { UI } from '@shared/messages';
import { validateReset } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { tooCommon } from '../../../lib/common-passwords';
import { resendResetCode, resetPassword } from '../account.thunks';
import { CodeInput } from './code-input';
import { DialogAlert, DialogFooter, DialogFrame } from './dialog-frame';
import { NewPasswordFields } from './new-password-fields';
import { takeReturnTo } from '../../../lib/return-to';
import { dialogClosed, dialogReplaced } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { useBusy } from '../../../components/use-busy';
import { useCountdown } from './use-countdown';

interface ResetDialogProps {
  email: string;
  /** False when a repeated request within the cooldown opened Reset for the code already held. */
  codeSent?: boolean;
  /** When 'Resend code' may be used again (ms since the epoch). */
  resendAt?: number;
}

export function ResetDialog({ email, codeSent = true, resendAt }: ResetDialogProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { error, show, clear } = useShownError('reset');
  const [busy, run] = useBusy();
  const [cooldown, startCooldown] = useCountdown(resendAt);
  const [sent, setSent] = useState(codeSent);
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirmPassword: '' });
  const { password, confirmPassword } = passwords;
  const first = useRef<HTMLInputElement>(null);

  const close = () => {
    clear();
    dispatch(dialogClosed());
  };

  const back = () => {
    clear();
    dispatch(dialogReplaced({ name: 'forgot' }));
  };

  const resend = async () => {
    clear();
    const endsAt = await run(() => dispatch(resendResetCode(email)));
    if (endsAt === null) return;
    startCooldown(endsAt);
    setSent(true);
    setCode('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const invalid = validateReset(code, password, confirmPassword) ?? tooCommon(password);
    if (invalid) return void show(invalid);
    if (await run(() => dispatch(resetPassword(email, code, password)))) void navigate(takeReturnTo());
  };

  return (
    <DialogFrame title="Reset password" onClose={close} busy={busy} initialFocus={first}>
      <Form noValidate onSubmit={submit}>
        <ModalBody>
          {sent ? (
            <p>
              Enter the code we sent to <strong>{email}</strong> and choose a new password.
            </p>
          ) : (
            <p>{UI.resetCodeAlreadySent(email)}</p>
          )}
          <DialogAlert error={error} />
          <CodeInput value={code} onValue={setCode} disabled={busy} inputRef={first} />
          <NewPasswordFields values={passwords} setValues={setPasswords} disabled={busy} />
          <Button color="link" className="p-0" onClick={resend} disabled={busy || cooldown > 0}>
            {cooldown > 0 ? UI.resendIn(cooldown) : UI.resendCode}
          </Button>
        </ModalBody>
        <DialogFooter busy={busy} submit="Reset Password" onBack={back} />
      </Form>
    </DialogFrame>
  );
}
