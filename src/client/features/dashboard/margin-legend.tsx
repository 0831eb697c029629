import { Link } from 'react-router-dom';
import { MARGIN_AVERAGE_MAX, MARGIN_GOOD_MAX } from '@shared/constants';
import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { marginLevel } from '@shared/odds-math';
import { marginBadgeClass } from '../../components/odds/margin-badge';

const { margin: M } = DASHBOARD_MSG;
/** One margin inside each level, to colour its badge with the badge's own rule. */
const SAMPLES = [MARGIN_GOOD_MAX, MARGIN_AVERAGE_MAX, MARGIN_AVERAGE_MAX + 1];

/**
 * What 'Ov' means, on the page rather than in a mouse-only tooltip: the three
 * badge levels with the badge colours, and a link to /help's explanation — plain text and a link, so
 * touch, keyboard and screen readers all reach it.
 */
export function MarginLegend() {
  return (
    <p className="margin-legend small text-body-secondary mb-2">
      <span className="me-1">{M.legendLabel}</span>
      {M.levels.map(({ word, short, range }, i) => {
        const level = marginLevel(SAMPLES[i]);
        return (
          <span key={word} className="text-nowrap me-2">
            <span className={marginBadgeClass(level)}>
              <span aria-hidden="true">{short(MARGIN_GOOD_MAX, MARGIN_AVERAGE_MAX)}</span>
              <span className="visually-hidden">{range(MARGIN_GOOD_MAX, MARGIN_AVERAGE_MAX)}</span>
            </span>{' '}
            {word}
          </span>
        );
      })}
      <Link to="/help#margin" className="text-nowrap">
        {M.more}
      </Link>
    </p>
  );
}
