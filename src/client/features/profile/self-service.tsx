/**
 * The profile's self-service, phone first: cards that
 * stack, buttons full width on a phone.
 * - Change password: current, new and confirm; the registration rules (the common-password list
 *   loads when a new-password field is first edited); success says every other session ended.
 * - Download my data: everything the server stores about the person, saved as a JSON file.
 * - Delete account: asks for the password, then the session ends and the person lands on '/'
 *   with 'Your account and the data stored about you have been deleted.'
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, CardBody, Form, Spinner } from 'reactstrap';
import { MSG, UI } from '@shared/messages';
import { validateChangePassword, validateDeleteAccount } from '@shared/validation';
import { useAppDispatch } from '../../app/hooks';
import { TextField } from '../../components/text-field';
import { useBusy } from '../../components/use-busy';
import { loadCommonPasswords, tooCommon } from '../../lib/common-passwords';
import { accountDeleted } from '../../lib/session';
import { useShownError } from '../../lib/shown-error';
import { changePassword, deleteAccount, downloadMyData } from './self-service.thunks';
import { ErrorMessage } from '../../components/error-ref';

function Busy({ busy }: { busy: boolean }) {
  return busy ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null;
}

const EMPTY_PASSWORDS = { current: '', next: '', confirm: '' };

function ChangePasswordCard() {
  const dispatch = useAppDispatch();
  const { error, show, clear } = useShownError('change-password');
  const [busy, run] = useBusy();
  const [form, setForm] = useState(EMPTY_PASSWORDS);
  const [done, setDone] = useState(false);
  const titleId = useId();
  const field = (name: keyof typeof EMPTY_PASSWORDS) => ({
    value: form[name],
    disabled: busy,
    onValue: (value: string) => {
      if (name !== 'current') void loadCommonPasswords();
      setDone(false);
      setForm((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    setDone(false);
    const invalid = validateChangePassword(form.current, form.next, form.confirm) ?? tooCommon(form.next);
    if (invalid) return void show(invalid);
    if (await run(() => dispatch(changePassword(form.current, form.next)))) {
      setForm(EMPTY_PASSWORDS);
      setDone(true);
    }
  };

  return (
    <Card tag="section" aria-labelledby={titleId}>
      <CardBody>
        <h2 id={titleId} className="h5">
          {UI.changePassword}
        </h2>
        <Form noValidate onSubmit={submit}>
          {error && (
            <Alert color="danger" fade={false} data-code={error.code}>
              <ErrorMessage error={error}>{error.message}</ErrorMessage>
            </Alert>
          )}
          {done && (
            <Alert color="success" fade={false}>
              {MSG.passwordChanged}
            </Alert>
          )}
          <TextField
            type="password"
            label={UI.labels.currentPassword}
            autoComplete="current-password"
            {...field('current')}
          />
          <TextField type="password" label={UI.labels.newPassword} autoComplete="new-password" {...field('next')} />
          <TextField
            type="password"
            label={UI.labels.confirmNewPassword}
            autoComplete="new-password"
            {...field('confirm')}
          />
          <div className="d-grid d-sm-block">
            <Button type="submit" color="primary" disabled={busy}>
              <Busy busy={busy} />
              {UI.changePassword}
            </Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}

function DownloadDataCard() {
  const dispatch = useAppDispatch();
  const { error, clear } = useShownError('download-data');
  const [busy, run] = useBusy();
  const titleId = useId();

  const download = async () => {
    clear();
    await run(() => dispatch(downloadMyData()));
  };

  return (
    <Card tag="section" aria-labelledby={titleId}>
      <CardBody>
        <h2 id={titleId} className="h5">
          {UI.downloadData}
        </h2>
        <p>
          A copy of everything OddsMate stores about you — your account, your logins and the codes we sent — as a JSON
          file.
        </p>
        {error && (
          <Alert color="danger" fade={false} data-code={error.code}>
            <ErrorMessage error={error}>{error.message}</ErrorMessage>
          </Alert>
        )}
        <div className="d-grid d-sm-block">
          <Button color="primary" outline onClick={download} disabled={busy}>
            <Busy busy={busy} />
            {UI.downloadData}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}

function DeleteAccountCard() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { error, show, clear } = useShownError('delete-account');
  const [busy, run] = useBusy();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const titleId = useId();

  const cancel = () => {
    clear();
    setPassword('');
    setConfirming(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clear();
    const invalid = validateDeleteAccount(password);
    if (invalid) return void show(invalid);
    if (await run(() => dispatch(deleteAccount(password)))) {
      // The landing page reads the notice from the store (a redirect may beat this navigation).
      dispatch(accountDeleted());
      void navigate('/', { replace: true });
    }
  };

  return (
    <Card tag="section" aria-labelledby={titleId} className="border-danger">
      <CardBody>
        <h2 id={titleId} className="h5 text-danger">
          {UI.deleteAccount}
        </h2>
        <p>
          Deleting your account removes your username, e-mail address, password and login history for good, and logs you
          out everywhere. Anonymous feedback and page counts stay, as they are not linked to you.
        </p>
        {confirming ? (
          <Form noValidate onSubmit={submit}>
            {error && (
              <Alert color="danger" fade={false} data-code={error.code}>
                <ErrorMessage error={error}>{error.message}</ErrorMessage>
              </Alert>
            )}
            <TextField
              type="password"
              label={UI.labels.password}
              value={password}
              onValue={setPassword}
              autoComplete="current-password"
              disabled={busy}
            />
            <div className="d-grid gap-2 d-sm-flex">
              <Button type="submit" color="danger" disabled={busy}>
                <Busy busy={busy} />
                {UI.deleteAccountConfirm}
              </Button>
              <Button color="secondary" outline onClick={cancel} disabled={busy}>
                {UI.cancel}
              </Button>
            </div>
          </Form>
        ) : (
          <div className="d-grid d-sm-block">
            <Button color="danger" outline onClick={() => setConfirming(true)}>
              {UI.deleteAccount}
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

export function SelfService() {
  return (
    <div className="d-flex flex-column gap-3 mt-3">
      <ChangePasswordCard />
      <DownloadDataCard />
      <DeleteAccountCard />
    </div>
  );
}
