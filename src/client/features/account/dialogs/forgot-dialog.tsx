/**
 * Forgot password: the e-mail form, then — the dialog carrying that
 * e-mail — the 'Reset instructions sent' step whose 'Enter Verification Code' opens Reset (with
 * the resend countdown that started when the code was sent). Asked again within the cooldown
 * while a code is held, the flow opens Reset directly (account.thunks).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Form, ModalBody, ModalFooter } from 'reactstrap';
import { MSG, UI } from '@shared/messages';
import { validateForgot } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { requestPasswordReset } from '../account.thunks';
import { DialogAlert, DialogFooter, DialogFrame } from './dialog-frame';
import { dialogClosed, dialogReplaced } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { TextField } from '../../../components/text-field';
import { useBusy } from '../../../components/use-busy';

export function ForgotDialog({ sentTo, resendAt }: { sentTo?: string; resendAt?: number }) {
  const dispatch = useAppDispatch();
  const { error, show, clear } = useShownError('forgot');
  const [busy, run] = useBusy();
  const [email, setEmail] = useState('');
  const first = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  const close = () => {
    clear();
    dispatch(dialogClosed());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const invalid = validateForgot(email);
    if (invalid) return void show(invalid);
    await run(() => dispatch(requestPasswordReset(email.trim())));
  };

  if (sentTo) {
    return (
      <DialogFrame title="Forgot password" onClose={close} initialFocus={next}>
        <ModalBody>
          <h3 className="h6">{MSG.resetSent}</h3>
          <p className="mb-0">
            We sent a 6-digit verification code to <strong>{sentTo}</strong>. Enter it with your new password to finish;
            if it does not arrive, check your spam folder.
          </p>
        </ModalBody>
        <ModalFooter>
          <Button
            color="primary"
            innerRef={next}
            onClick={() => dispatch(dialogReplaced({ name: 'reset', email: sentTo, resendAt }))}
          >
            {UI.enterVerificationCode}
          </Button>
        </ModalFooter>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame title="Forgot password" onClose={close} busy={busy} initialFocus={first}>
      <Form noValidate onSubmit={submit}>
        <ModalBody>
          <p>Enter the e-mail address of your account and we will send you a code to reset your password.</p>
          <DialogAlert error={error} />
          <TextField
            label={UI.labels.email}
            type="email"
            autoComplete="email"
            value={email}
            onValue={setEmail}
            disabled={busy}
            inputRef={first}
          />
        </ModalBody>
        <DialogFooter busy={busy} submit="Send Reset Instructions" />
      </Form>
    </DialogFrame>
  );
}
