/**
 * Register (docs/architecture.md#settled-details): username, e-mail, password twice and the
 * country (Nigeria, the only one open; Ghana and Kenya coming soon); static backdrop. The
 * common-password list loads when a password field is first edited. Success moves on to
 * verification for the entered e-mail, its resend countdown already running.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Form, ModalBody } from 'reactstrap';
import { REGISTRATION_COUNTRY_ID } from '@shared/constants';
import { COUNTRIES } from '@shared/lookups';
import { UI } from '@shared/messages';
import { validateRegister } from '@shared/validation';
import { useAppDispatch } from '../../../app/hooks';
import { registerAccount } from '../account.thunks';
import { DialogAlert, DialogFooter, DialogFrame } from './dialog-frame';
import { NewPasswordFields } from './new-password-fields';
import { dialogClosed, dialogReplaced } from '../dialogs.slice';
import { useShownError } from '../../../lib/shown-error';
import { tooCommon } from '../../../lib/common-passwords';
import { TextField } from '../../../components/text-field';
import { useBusy } from '../../../components/use-busy';

const EMPTY = { username: '', email: '', password: '', confirmPassword: '', country: String(REGISTRATION_COUNTRY_ID) };

export function RegisterDialog() {
  const dispatch = useAppDispatch();
  const { error, show, clear } = useShownError('register');
  const [busy, run] = useBusy();
  const [form, setForm] = useState(EMPTY);
  const first = useRef<HTMLInputElement>(null);
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onValue: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    disabled: busy,
  });

  const leave = (toLogin: boolean) => {
    clear();
    dispatch(toLogin ? dialogReplaced({ name: 'login' }) : dialogClosed());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const invalid = validateRegister(form) ?? tooCommon(form.password);
    if (invalid) return void show(invalid);
    const request = {
      userName: form.username.trim(),
      email: form.email.trim(),
      password: form.password,
      country: Number(form.country),
    };
    await run(() => dispatch(registerAccount(request)));
  };

  return (
    <DialogFrame
      title="Create your account"
      onClose={() => leave(false)}
      busy={busy}
      staticBackdrop
      initialFocus={first}
    >
      <Form noValidate onSubmit={submit}>
        <ModalBody>
          <DialogAlert error={error} />
          <TextField label={UI.labels.username} autoComplete="username" inputRef={first} {...field('username')} />
          <TextField label={UI.labels.email} type="email" autoComplete="email" {...field('email')} />
          <NewPasswordFields values={form} setValues={setForm} disabled={busy} />
          <TextField label={UI.labels.country} type="select" {...field('country')}>
            {COUNTRIES.map((country) => (
              <option key={country.id} value={String(country.id)} disabled={country.id !== REGISTRATION_COUNTRY_ID}>
                {country.id === REGISTRATION_COUNTRY_ID ? country.name : `${country.name} (coming soon)`}
              </option>
            ))}
          </TextField>
        </ModalBody>
        <DialogFooter
          busy={busy}
          submit={UI.register}
          other={{ question: 'Already have an account?', label: UI.login, open: () => leave(true) }}
        />
      </Form>
    </DialogFrame>
  );
}
