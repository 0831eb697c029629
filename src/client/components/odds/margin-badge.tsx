import { Badge } from 'reactstrap';
import { formatMargin, marginLevel } from '@shared/odds-math';

/**
 * A bookmaker's margin (overround) as a coloured badge: primary ≤ 5 %, warning ≤ 10 %, danger
 * above (SPEC §2); an unknown margin shows '-' in a neutral badge (ARCHITECTURE §8).
 */
export function MarginBadge({ margin }: { margin: number | null | undefined }) {
  const level = marginLevel(margin);
  return (
    <Badge color={level} className={level === 'warning' ? 'text-dark' : undefined}>
      {formatMargin(margin)}
    </Badge>
  );
}
