/** `/responsible-gambling`: limits, warning signs and help resources. */
import { MINIMUM_AGE } from '@shared/constants';
import { LegalPage } from './legal-page';

const RESPONSIBLE_GAMBLING_TITLE = 'Responsible Gambling';

const HELP = [
  {
    name: 'Gambling Therapy',
    href: 'https://www.gamblingtherapy.org',
    text: 'free, confidential online support and chat, available worldwide including Nigeria',
  },
  {
    name: 'Gamblers Anonymous',
    href: 'https://www.gamblersanonymous.org',
    text: 'peer support meetings, in person and online',
  },
  {
    name: 'GamCare',
    href: 'https://www.gamcare.org.uk',
    text: 'advice, self-help tools and information for people affected by gambling',
  },
];

export function ResponsibleGamblingPage() {
  return (
    <LegalPage
      title={RESPONSIBLE_GAMBLING_TITLE}
      description="Keep betting fun: set limits, recognise the warning signs of problem gambling and find free help."
      intro="Betting should be entertainment, never a way to make money or escape problems. Better odds help only when you stay in control."
    >
      <h2 className="h4">Set your limits</h2>
      <ul>
        <li>
          Decide a budget you can afford to lose before you start, and never bet money meant for rent, food or fees.
        </li>
        <li>Use the deposit, loss and time limits that bookmakers offer in their account settings.</li>
        <li>Set a time limit for each session and take regular breaks.</li>
        <li>Never chase losses: a bigger stake to win it back usually means a bigger loss.</li>
        <li>Don’t bet when you are upset, stressed or have been drinking.</li>
        <li>If you need a break, ask each bookmaker for a cooling-off period or self-exclusion.</li>
      </ul>

      <h2 className="h4">Warning signs</h2>
      <p>It may be time to stop or to ask for help if you:</p>
      <ul>
        <li>spend more money or time on betting than you planned;</li>
        <li>borrow money, sell things or skip bills to bet;</li>
        <li>feel restless or irritable when you try to cut down;</li>
        <li>hide your betting from family or friends;</li>
        <li>bet to escape worries or to win back what you lost;</li>
        <li>find betting is hurting your studies, work or relationships.</li>
      </ul>

      <h2 className="h4">Where to find help</h2>
      <p>Talking to someone helps. These services are free and confidential:</p>
      <ul>
        {HELP.map((item) => (
          <li key={item.name}>
            <a href={item.href} target="_blank" rel="noopener noreferrer">
              {item.name}
              <span className="visually-hidden">{' (opens in a new tab)'}</span>
            </a>
            {` — ${item.text}.`}
          </li>
        ))}
      </ul>
      <p>
        You can also speak to a doctor, a counsellor or someone you trust. Licensed bookmakers in Nigeria are regulated
        by the National Lottery Regulatory Commission and state gaming authorities, to whom you can report a problem
        with an operator.
      </p>

      <h2 className="h4">{`Under ${MINIMUM_AGE}? Don’t bet.`}</h2>
      <p className="mb-0">
        {`Betting is only for adults aged ${MINIMUM_AGE} and over. Parents can use device controls and filtering software to block gambling sites.`}
      </p>
    </LegalPage>
  );
}
