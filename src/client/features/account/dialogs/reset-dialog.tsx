/**
 * Reset password (SPEC §2, §4, §5, §8) for the e-mail the forgot step sent a code to. Success
 * logs the person in and goes to /dashboard.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, ModalBody, ModalFooter, Spinner } from 'reactstrap';
import { UI } from '@shared/messages';
import { validateReset } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { resetPassword } from '../account.thunks';
import { CodeInput } from './code-input';
import { DialogAlert, DialogFrame } from './dialog-frame';
import { dialogClosed } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { TextField } from './text-field';
import { useBusy } from './use-busy';

export function ResetDialog({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { error, show, clear } = useShownError('reset');
  const [busy, run] = useBusy();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const first = useRef<HTMLInputElement>(null);

  const close = () => {
    clear();
    dispatch(dialogClosed());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const invalid = validateReset(code, password, confirmPassword);
    if (invalid) return void show(invalid);
    if (await run(() => dispatch(resetPassword(email, code, password)))) void navigate('/dashboard');
  };

  return (
    <DialogFrame title="Reset password" onClose={close} busy={busy} initialFocus={first}>
      <Form noValidate onSubmit={submit}>
        <ModalBody>
          <p>
            Enter the code we sent to <strong>{email}</strong> and choose a new password.
          </p>
          <DialogAlert error={error} />
          <CodeInput value={code} onValue={setCode} disabled={busy} inputRef={first} />
          <TextField
            label={UI.labels.password}
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            disabled={busy}
          />
          <TextField
            label={UI.labels.confirmPassword}
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onValue={setConfirmPassword}
            disabled={busy}
          />
        </ModalBody>
        <ModalFooter>
          <Button type="submit" color="primary" disabled={busy}>
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Reset Password
          </Button>
        </ModalFooter>
      </Form>
    </DialogFrame>
  );
}
