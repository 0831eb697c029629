import type { ReactElement } from 'react';
import { competitionFlag } from '@shared/lookups';

const WIDTH = 15;
const HEIGHT = 10;

/**
 * Bands across (rows) or down (columns) the flag, each with its share of it; each band but the
 * last runs a hair into the next so no seam shows between them.
 */
function bands(direction: 'rows' | 'columns', shares: ReadonlyArray<readonly [fill: string, share: number]>) {
  const length = direction === 'rows' ? HEIGHT : WIDTH;
  const total = shares.reduce((sum, [, share]) => sum + share, 0);
  const at = (share: number) => Math.round((share / total) * length * 100) / 100;
  let before = 0;
  return (
    <>
      {shares.map(([fill, share], i) => {
        const start = at(before);
        before += share;
        const size = Math.round((at(before) - start + (i < shares.length - 1 ? 0.01 : 0)) * 100) / 100;
        const band =
          direction === 'rows' ? { y: start, width: WIDTH, height: size } : { x: start, width: size, height: HEIGHT };
        return <rect key={i} {...band} fill={fill} />;
      })}
    </>
  );
}

/** Flags drawn inline (no image or icon-font download), 3:2, keyed by the shared flag codes. */
const FLAGS: Record<string, ReactElement> = {
  ENG: (
    <>
      <rect width={WIDTH} height={HEIGHT} fill="#fff" />
      <rect y="4" width={WIDTH} height="2" fill="#ce1124" />
      <rect x="6.5" width="2" height={HEIGHT} fill="#ce1124" />
    </>
  ),
  ESP: bands('rows', [
    ['#aa151b', 1],
    ['#f1bf00', 2],
    ['#aa151b', 1],
  ]),
  ITA: bands('columns', [
    ['#009246', 1],
    ['#fff', 1],
    ['#ce2b37', 1],
  ]),
  DE: bands('rows', [
    ['#000', 1],
    ['#dd0000', 1],
    ['#ffce00', 1],
  ]),
};

const UNKNOWN = <rect width="15" height="10" fill="#adb5bd" />;

/** A competition's flag with its code as the text alternative ('UN' for unknown ids). */
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
