/**
 * Reset password (docs/product.md §2, §4, §5, §8) for the e-mail the forgot step sent a code to: the code and
 * the new password twice (the registration rules, the common-password list included), 'Resend
 * code' with the same 60-second cooldown (running from when the code was sent; a resend empties
 * the code input) and 'Back' to the e-mail form. Success logs the person in and goes to /dashboard.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, ModalBody, ModalFooter, Spinner } from 'reactstrap';
import { UI } from '@shared/messages';
import { validateReset } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { loadCommonPasswords, tooCommon } from '../../../lib/common-passwords';
import { resendResetCode, resetPassword } from '../account.thunks';
import { CodeInput } from './code-input';
import { DialogAlert, DialogFrame } from './dialog-frame';
import { takeReturnTo } from '../../../lib/return-to';
import { dialogClosed, dialogReplaced } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { TextField } from '../../../components/text-field';
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
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
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

  const editPassword = (set: (value: string) => void) => (value: string) => {
    void loadCommonPasswords();
    set(value);
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
          <TextField
            label={UI.labels.password}
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={editPassword(setPassword)}
            disabled={busy}
          />
          <TextField
            label={UI.labels.confirmPassword}
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onValue={editPassword(setConfirmPassword)}
            disabled={busy}
          />
          <Button color="link" className="p-0" onClick={resend} disabled={busy || cooldown > 0}>
            {cooldown > 0 ? UI.resendIn(cooldown) : UI.resendCode}
          </Button>
        </ModalBody>
        <ModalFooter className="justify-content-between">
          <Button color="secondary" outline onClick={back} disabled={busy}>
            {UI.back}
          </Button>
          <Button type="submit" color="primary" disabled={busy}>
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Reset Password
          </Button>
        </ModalFooter>
      </Form>
    </DialogFrame>
  );
}
