import { Fragment } from 'react';
import { PROVIDER_IDS, providerMark, providerName } from '@shared/lookups';
import { UI } from '@shared/messages';

/**
 * What the three-letter marks of the tables stand for ('B9J Bet9ja · BKG BetKing …'), shown on
 * phones only, where the rows carry marks instead of names.
 */
export function BookKey({ providerIds = PROVIDER_IDS }: { providerIds?: readonly number[] }) {
  return (
    <p className="book-key small text-body-secondary mb-2">
      {UI.bookKey} {/* The separators sit between the unbreakable pairs, so the line wraps there on a phone. */}
      {providerIds.map((id, i) => (
        <Fragment key={id}>
          {i > 0 && ' · '}
          <span className="text-nowrap">
            <abbr className="fw-semibold text-decoration-none">{providerMark(id)}</abbr> {providerName(id)}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
