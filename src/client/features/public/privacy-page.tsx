/**
 * `/privacy`: what is kept and why; not intended for people under 18; the rights of
 * the Nigeria Data Protection Act 2023 and how to use them in the app.
 */
import { Link } from 'react-router-dom';
import { MINIMUM_AGE } from '@shared/constants';
import { LegalPage } from './legal-page';

const PRIVACY_TITLE = 'Privacy Policy';

export function PrivacyPage() {
  return (
    <LegalPage
      title={PRIVACY_TITLE}
      description="What OddsMate stores about you, why, and for how long. OddsMate is not intended for people under 18."
      intro="We keep as little about you as the service needs to work, and we never sell it."
    >
      <h2 className="h4">What we store when you register</h2>
      <ul>
        <li>Your username, e-mail address and country.</li>
        <li>Your password, only as a salted one-way hash — nobody, including us, can read it back.</li>
        <li>When you registered and when you last logged in.</li>
      </ul>
      <p>
        We use your e-mail to send one-time verification and password-reset codes, and to tell you when your password
        was changed. We do not send marketing e-mails.
      </p>

      <h2 className="h4">In your browser</h2>
      <p>
        While you are logged in, your session (short-lived access tokens and your basic account details) is kept in your
        browser’s local storage so you stay logged in between visits. Logging out removes it. We do not use advertising
        or tracking cookies.
      </p>

      <h2 className="h4">Feedback</h2>
      <p>Feedback is anonymous: we keep the message and the time it was sent, not who sent it.</p>

      <h2 className="h4">Usage statistics</h2>
      <p>
        To learn which pages help people, we count a few events — page views, registrations, logins and errors — with
        the page, the time and the country of the account, if any. They are not linked to your name, e-mail or account.
      </p>

      <h2 className="h4">Security and retention</h2>
      <p>
        Connections are encrypted, access tokens expire after minutes and are renewed securely. Account data is kept
        while your account exists; you can delete it yourself at any time.
      </p>

      <h2 className="h4">Children</h2>
      <p>
        {`OddsMate is not intended for anyone under ${MINIMUM_AGE}. We do not knowingly collect data from people under ${MINIMUM_AGE}; if you believe a minor has registered, tell us and we will remove the account.`}
      </p>

      <h2 className="h4">Your rights under the Nigeria Data Protection Act 2023</h2>
      <p>
        The Nigeria Data Protection Act 2023 gives you these rights over the personal data we hold about you, and this
        is how to use each of them:
      </p>
      <ul>
        <li>
          <strong>Access</strong>
          {' — see what we hold: on your '}
          <Link to="/profile">profile</Link>
          {' page, '}
          <em>Download my data</em>
          {' gives you everything we store about you.'}
        </li>
        <li>
          <strong>Rectification</strong> — have wrong data corrected: change your password on your profile page; for
          your username or e-mail address, write to us through the feedback form with the username concerned.
        </li>
        <li>
          <strong>Erasure</strong> — have your data deleted: <em>Delete account</em> on your profile page removes your
          account, its login history and codes at once, and logs you out everywhere.
        </li>
        <li>
          <strong>Portability</strong> — take your data elsewhere: the download is a JSON file any program can read.
        </li>
        <li>
          <strong>Objection</strong> — object to how we use your data: tell us through the feedback form; we stop unless
          the law requires otherwise. We do no marketing and no profiling.
        </li>
      </ul>
      <p>
        Requests made through the feedback form are confirmed by e-mail to the address on the account before we act on
        them. You may also complain to the Nigeria Data Protection Commission.
      </p>
    </LegalPage>
  );
}
