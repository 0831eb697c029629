/**
 * Team names for matching one event across providers: "Man United",
 * "Manchester Utd" and "Manchester United" are one club. A name is normalized
 * (name-normalizer.ts) and looked up in the club alias table (sources/club-aliases.txt, read
 * again when the file changes); the key is the normalized club name, or the normalized name
 * itself when the table does not know it (or it could mean two clubs).
 */
import { type ClubDirectory, clubDirectory } from '../sources/club-aliases';
import { normalizeTeamName } from './name-normalizer';

export { normalizeTeamName };

/** The club's name from the alias table, or the name as given (trimmed) when unknown or ambiguous. */
export function canonicalTeamName(name: string, competition?: number): string {
  return clubDirectory().canonical(name, competition) ?? name.trim().replace(/\s+/g, ' ');
}

/**
 * The key two names of one club share. A caller naming many teams passes the directory it took
 * once: `clubDirectory()` checks the alias file's modification time on every call.
 */
export function teamKey(name: string, competition?: number, clubs: ClubDirectory = clubDirectory()): string {
  return clubs.key(name, competition);
}
