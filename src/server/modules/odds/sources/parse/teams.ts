/** Team names: trimmed, bounded, and "Home - Away" split. */
import { MAX_TEXT } from './limits';

export function teamName(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw.trim().replace(/\s+/g, ' ');
  return name !== '' && name.length <= MAX_TEXT ? name : undefined;
}

/** "Home - Away" (or "Home vs Away", "Home v Away") split on the first separator. */
export function splitTeams(raw: unknown): [string, string] | undefined {
  if (typeof raw !== 'string') return undefined;
  const match = /^(.+?)\s+(?:-|–|vs\.?|v)\s+(.+)$/i.exec(raw.trim());
  const home = teamName(match?.[1]);
  const away = teamName(match?.[2]);
  return home && away ? [home, away] : undefined;
}
