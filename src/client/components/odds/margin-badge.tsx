import { Badge } from 'reactstrap';
import { formatMargin, marginLevel } from '@shared/odds-math';

/**
 * A bookmaker's margin (overround) as a coloured badge: primary ≤ 5 %, warning ≤ 10 %, danger
 * above (docs/product.md §2); an unknown margin shows '-' in a neutral badge (docs/architecture.md §8).
 */
export function MarginBadge({ margin }: { margin: number | null | undefined }) {
  const level = marginLevel(margin);
  return (
    <Badge color={level} className={level === 'warning' ? 'text-dark' : undefined}>
      {formatMargin(margin)}
    </Badge>
  );
}
