import { overUnderLine, selectionName } from '@shared/lookups';

/** 'Over 2.5' for over/under markets, the selection's name otherwise. */
export function selectionLabel(marketId: number, selectionId: number): string {
  const line = overUnderLine(marketId);
  const name = selectionName(selectionId);
  return line === undefined ? name : `${name} ${line}`;
}
