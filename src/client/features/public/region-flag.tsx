import type { RegionSlug } from './regions';

/**
 * Small inline flags (no image requests, no layout shift). Emoji flags are avoided because
 * several desktop systems show them as two letters. Decorative: the country's name is always
 * written beside the flag.
 */
const STRIPES: Record<RegionSlug, { colors: string[]; vertical: boolean }> = {
  nigeria: { colors: ['#008751', '#ffffff', '#008751'], vertical: true },
  kenya: { colors: ['#000000', '#bb0000', '#006600'], vertical: false },
  ghana: { colors: ['#ce1126', '#fcd116', '#006b3f'], vertical: false },
};

export function RegionFlag({ region }: { region: RegionSlug }) {
  const { colors, vertical } = STRIPES[region];
  return (
    <svg
      width="48"
      height="32"
      viewBox="0 0 48 32"
      aria-hidden="true"
      focusable="false"
      className="region-flag flex-shrink-0"
    >
      {colors.map((color, i) =>
        vertical ? (
          <rect key={i} x={i * 16} y="0" width="16" height="32" fill={color} />
        ) : (
          <rect key={i} x="0" y={(i * 32) / 3} width="48" height={32 / 3} fill={color} />
        ),
      )}
      {region === 'kenya' && (
        <>
          <rect x="0" y="10" width="48" height="1.5" fill="#fff" />
          <rect x="0" y="20.5" width="48" height="1.5" fill="#fff" />
        </>
      )}
      {region === 'ghana' && <path d="M24 11.5l1.3 3.6h3.8l-3.1 2.3 1.2 3.7-3.2-2.3-3.2 2.3 1.2-3.7-3.1-2.3h3.8z" />}
      <rect x="0.5" y="0.5" width="47" height="31" fill="none" stroke="#ced4da" />
    </svg>
  );
}
