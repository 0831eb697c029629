import type { ReactElement } from 'react';
import { competitionFlag } from '@shared/lookups';

/** Flags drawn inline (no image or icon-font download), 3:2, keyed by the shared flag codes. */
const FLAGS: Record<string, ReactElement> = {
  ENG: (
    <>
      <rect width="15" height="10" fill="#fff" />
      <rect y="4" width="15" height="2" fill="#ce1124" />
      <rect x="6.5" width="2" height="10" fill="#ce1124" />
    </>
  ),
  ESP: (
    <>
      <rect width="15" height="10" fill="#aa151b" />
      <rect y="2.5" width="15" height="5" fill="#f1bf00" />
    </>
  ),
  ITA: (
    <>
      <rect width="5" height="10" fill="#009246" />
      <rect x="5" width="5" height="10" fill="#fff" />
      <rect x="10" width="5" height="10" fill="#ce2b37" />
    </>
  ),
  DE: (
    <>
      <rect width="15" height="3.34" fill="#000" />
      <rect y="3.33" width="15" height="3.34" fill="#dd0000" />
      <rect y="6.66" width="15" height="3.34" fill="#ffce00" />
    </>
  ),
};

const UNKNOWN = <rect width="15" height="10" fill="#adb5bd" />;

/** A competition's flag with its code as the text alternative ('UN' for unknown ids; docs/product.md §3). */
export function CompetitionFlag({ competitionId }: { competitionId: number }) {
  const code = competitionFlag(competitionId);
  return (
    <span className="competition-flag" title={code}>
      <svg viewBox="0 0 15 10" role="img" aria-label={`${code} flag`} focusable="false">
        {FLAGS[code] ?? UNKNOWN}
      </svg>
    </span>
  );
}
