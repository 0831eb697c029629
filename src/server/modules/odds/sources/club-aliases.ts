/**
 * The club alias table (club-aliases.txt, one line per spelling) and the lookup built from it:
 * a bookmaker's name for a club → the club as OddsMate shows it. Names are compared after the
 * shared team-name normalizer, so the table only needs spellings that differ in words.
 *
 * A name resolves to the clubs it can mean: one for a known spelling, two or more for an
 * ambiguous one ("Manchester", "Borussia"), none for a name the table does not know.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeTeamName } from '../matching/team-names';

export const CLUB_ALIASES_FILE = join(__dirname, 'club-aliases.txt');

export interface ClubAlias {
  competition: number;
  club: string;
  spelling: string;
}

export interface AliasTableText {
  aliases: ClubAlias[];
  /** Lines that could not be read, as `line N: text`. */
  errors: string[];
}

/** Reads `<competition> | <club> | <spelling>` lines; `#` starts a comment, blank lines are skipped. */
export function parseClubAliases(text: string): AliasTableText {
  const aliases: ClubAlias[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const parts = line.split('|').map((p) => p.trim());
    const competition = Number(parts[0]);
    if (parts.length !== 3 || !Number.isInteger(competition) || !parts[1] || !parts[2]) {
      errors.push(`line ${index + 1}: ${raw.trim()}`);
      return;
    }
    aliases.push({ competition, club: parts[1], spelling: parts[2] });
  });
  return { aliases, errors };
}

export class ClubDirectory {
  /** Normalized spelling → competition → clubs. */
  private readonly index = new Map<string, Map<number, Set<string>>>();
  private readonly byCompetition = new Map<number, Set<string>>();

  constructor(aliases: readonly ClubAlias[]) {
    for (const { competition, club, spelling } of aliases) {
      if (!this.byCompetition.has(competition)) this.byCompetition.set(competition, new Set());
      this.byCompetition.get(competition)?.add(club);
      this.add(club, competition, club);
      this.add(spelling, competition, club);
    }
  }

  private add(spelling: string, competition: number, club: string): void {
    const key = normalizeTeamName(spelling);
    if (key === '') return;
    let perCompetition = this.index.get(key);
    if (!perCompetition) this.index.set(key, (perCompetition = new Map()));
    let clubs = perCompetition.get(competition);
    if (!clubs) perCompetition.set(competition, (clubs = new Set()));
    clubs.add(club);
  }

  /**
   * The clubs a name can mean: those of the given competition when it has the spelling,
   * else those of any competition; empty when the name is unknown.
   */
  resolve(name: string, competition?: number): string[] {
    const perCompetition = this.index.get(normalizeTeamName(name));
    if (!perCompetition) return [];
    const own = competition === undefined ? undefined : perCompetition.get(competition);
    if (own) return [...own];
    return [...new Set([...perCompetition.values()].flatMap((clubs) => [...clubs]))];
  }

  /** The one club a name means, or undefined when it is unknown or ambiguous. */
  canonical(name: string, competition?: number): string | undefined {
    const clubs = this.resolve(name, competition);
    return clubs.length === 1 ? clubs[0] : undefined;
  }

  /** The clubs of a competition (all competitions when left out), as OddsMate shows them. */
  clubs(competition?: number): string[] {
    if (competition !== undefined) return [...(this.byCompetition.get(competition) ?? [])];
    return [...new Set([...this.byCompetition.values()].flatMap((clubs) => [...clubs]))];
  }

  /** Normalized spellings that name more than one club of one competition. */
  ambiguousSpellings(): string[] {
    return [...this.index.entries()]
      .filter(([, perCompetition]) => [...perCompetition.values()].some((clubs) => clubs.size > 1))
      .map(([key]) => key);
  }
}

let defaultDirectory: ClubDirectory | undefined;

/** The directory of the shipped alias table, read once. */
export function clubDirectory(): ClubDirectory {
  if (!defaultDirectory) {
    const { aliases } = parseClubAliases(readFileSync(CLUB_ALIASES_FILE, 'utf8'));
    defaultDirectory = new ClubDirectory(aliases);
  }
  return defaultDirectory;
}
