/**
 * /help: how to read the odds tables — the movement, boosted and best-odds marks shown
 * with the very cell the dashboard uses — the market glossary, the margin legend and tips.
 */
import { Link } from 'react-router-dom';
import { Badge, Table } from 'reactstrap';
import { MARGIN_AVERAGE_MAX, MARGIN_GOOD_MAX, MARGIN_LEGEND } from '@shared/constants';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { OddsFlag, PROVIDER_IDS, providerMark, providerName } from '@shared/lookups';
import { marginLevel } from '@shared/odds-math';
import { OddsCell } from '../../components/odds/odds-cell';
import '../../components/odds/odds.css';
import { GLOSSARY, HELP_SECTIONS, MARGIN_MEANING, TIPS } from './help-content';

const MARKS = [
  { flags: OddsFlag.Increased, value: 2.1, meaning: 'Green up arrow: the odds rose since the previous update.' },
  { flags: OddsFlag.Decreased, value: 1.85, meaning: 'Red down arrow: the odds fell since the previous update.' },
  {
    flags: OddsFlag.Boosted,
    value: 3.4,
    meaning: 'Lightning bolt: boosted odds, a price the bookmaker has raised as a promotion.',
  },
  {
    flags: OddsFlag.Best,
    value: 2.25,
    meaning: 'Bold yellow number: the best odds for that selection across all bookmakers.',
  },
  { flags: 0, value: null, meaning: 'A dash: the bookmaker offers no price for that selection right now.' },
];

export function HelpPage() {
  return (
    <main className="container py-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h3 mb-3">How to read the odds</h1>
      <p>
        Every match card shows one table per market. Each row is a bookmaker, each column a selection, and the last
        column (<strong>Ov</strong>) is that bookmaker&apos;s margin for the market.
      </p>

      <h2 className="h5 mt-4">Marks on the odds</h2>
      <Table size="sm" className="align-middle w-auto">
        <thead>
          <tr>
            <th scope="col">Example</th>
            <th scope="col">What it means</th>
          </tr>
        </thead>
        <tbody>
          {MARKS.map(({ flags, value, meaning }) => (
            <tr key={meaning}>
              <OddsCell price={{ selectionTypeId: 1, value, flags }} />
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </Table>

      <h2 className="h5 mt-4">Markets</h2>
      <dl>
        {GLOSSARY.map(({ term, meaning }) => (
          <div key={term} className="mb-2">
            <dt>{term}</dt>
            <dd className="mb-0">{meaning}</dd>
          </div>
        ))}
      </dl>

      <h2 id="margin" className="h5 mt-4">
        Margin (Ov)
      </h2>
      <p>{MARGIN_MEANING}</p>
      <p className="mb-1">{DASHBOARD_MSG.margin.helpExamples}</p>
      <ul className="list-unstyled">
        {MARGIN_LEGEND.map((margin, index) => (
          <li key={margin} className="mb-1">
            <Badge color={marginLevel(margin)} className={marginLevel(margin) === 'warning' ? 'text-dark' : undefined}>
              {margin}%
            </Badge>{' '}
            {`${DASHBOARD_MSG.margin.levels[index]?.word ?? ''} (${DASHBOARD_MSG.margin.levels[index]?.range(MARGIN_GOOD_MAX, MARGIN_AVERAGE_MAX) ?? ''})`}
          </li>
        ))}
      </ul>

      <h2 id="marks" className="h5 mt-4">
        Bookmaker marks
      </h2>
      <p className="mb-1">On a phone the tables name each bookmaker by a mark; tap a mark to see the full name.</p>
      <dl>
        {PROVIDER_IDS.map((id) => (
          <div key={id} className="mb-1">
            <dt className="d-inline">{providerMark(id)}</dt> <dd className="d-inline mb-0">{providerName(id)}</dd>
          </div>
        ))}
      </dl>

      {HELP_SECTIONS.map(({ id, title, text }) => (
        <section key={id} aria-labelledby={`help-${id}`}>
          <h2 id={`help-${id}`} className="h5 mt-4">
            {title}
          </h2>
          <p>{text}</p>
        </section>
      ))}

      <h2 className="h5 mt-4">Tips</h2>
      <ul>
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <p>
        Betting should stay fun. Read our <Link to="/responsible-gambling">responsible gambling</Link> advice.
      </p>
    </main>
  );
}
