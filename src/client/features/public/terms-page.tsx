/** `/terms`: terms of use; premium features may come later. */
import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';

const TERMS_TITLE = 'Terms of Use';

export function TermsPage() {
  return (
    <LegalPage
      title={TERMS_TITLE}
      description="The terms for using OddsMate, the free football odds comparison service."
      intro="These terms apply whenever you use OddsMate. By using the site or creating an account you agree to them."
    >
      <h2 className="h4">1. The service</h2>
      <p>
        OddsMate compares football betting odds published by third-party bookmakers. It is an information service only.
        We are not a bookmaker, we do not accept bets or payments, and nothing on the site is betting advice.
      </p>

      <h2 className="h4">2. Who may use it</h2>
      <p>
        You must be at least 18 years old and allowed to bet where you live. You are responsible for following the laws
        of your country and the rules of any bookmaker you use.
      </p>

      <h2 className="h4">3. Accuracy of odds</h2>
      <p>
        Prices move constantly and may be delayed, incomplete or wrong. The odds a bookmaker offers on its own site are
        the only ones that count — always confirm them before you place a bet. We are not liable for any loss that comes
        from relying on prices shown here.
      </p>

      <h2 className="h4">4. Your account</h2>
      <p>
        Keep your password to yourself and tell us if you think someone else has used your account. One account per
        person. We may suspend accounts that abuse the service, for example by scraping it or trying to break its
        security.
      </p>

      <h2 className="h4">5. Price</h2>
      <p>
        OddsMate is free. Premium features may come later; if they do, they will be optional, clearly marked, and the
        features that are free today will stay free. Nothing will be charged without your explicit agreement.
      </p>

      <h2 className="h4">6. Acceptable use</h2>
      <p>
        Do not copy the site’s data in bulk, overload it with automated requests, or use it for anything unlawful.
        Feedback you send may be used to improve the service.
      </p>

      <h2 className="h4">7. Liability</h2>
      <p>
        The service is provided as it is, without guarantees of availability or accuracy. To the extent the law allows,
        we are not responsible for betting losses or indirect damages.
      </p>

      <h2 className="h4">8. Changes</h2>
      <p>
        We may update these terms as the service grows. Important changes will be announced on the site. Your data is
        handled as described in our <Link to="/privacy">privacy policy</Link>.
      </p>
    </LegalPage>
  );
}
