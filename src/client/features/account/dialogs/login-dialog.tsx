/**
 * Login: username and password, links to forgot password and sign up,
 * static backdrop. Success goes to /dashboard, or to the protected link that opened it (with its
 * reason shown on top); an unverified account moves on to verification.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, ModalBody } from 'reactstrap';
import { UI } from '@shared/messages';
import { validateLogin } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { logIn } from '../account.thunks';
import { DialogAlert, DialogFooter, DialogFrame } from './dialog-frame';
import { dialogClosed, dialogReplaced, type DialogName } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { TextField } from '../../../components/text-field';
import { forgetReturnTo, peekReturnTo, returnToReason, takeReturnTo } from '../../../lib/return-to';
import { useBusy } from '../../../components/use-busy';

export function LoginDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { error, show, clear } = useShownError('login');
  const [busy, run] = useBusy();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const first = useRef<HTMLInputElement>(null);
  const [reason] = useState(() => returnToReason(peekReturnTo()));

  const leave = (next?: DialogName) => {
    clear();
    // Closing gives up on the link; moving on to Register or Forgot password keeps it.
    if (!next) forgetReturnTo();
    dispatch(next ? dialogReplaced({ name: next }) : dialogClosed());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const invalid = validateLogin(username, password);
    if (invalid) return void show(invalid);
    if (await run(() => dispatch(logIn(username, password)))) void navigate(takeReturnTo());
  };

  return (
    <DialogFrame title="Log in to OddsMate" onClose={() => leave()} busy={busy} staticBackdrop initialFocus={first}>
      <Form noValidate onSubmit={submit}>
        <ModalBody>
          {reason && <p className="fw-semibold mb-2">{reason}</p>}
          <DialogAlert error={error} />
          <TextField
            label={UI.labels.username}
            value={username}
            onValue={setUsername}
            autoComplete="username"
            disabled={busy}
            inputRef={first}
          />
          <TextField
            label={UI.labels.password}
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="current-password"
            disabled={busy}
          />
          <Button color="link" className="p-0" onClick={() => leave('forgot')} disabled={busy}>
            Forgot password?
          </Button>
        </ModalBody>
        <DialogFooter
          busy={busy}
          submit={UI.login}
          other={{ question: 'No account yet?', label: UI.signUp, open: () => leave('register') }}
        />
      </Form>
    </DialogFrame>
  );
}
