/**
 * The club alias table (club-aliases.txt, data: one line per spelling) and the lookup built from
 * it: a bookmaker's name for a club → the club as OddsMate shows it.
 *
 * A name resolves, within its competition first, by
 * 1. exact spelling after the shared normalizer (name-normalizer.ts): accents, case,
 *    punctuation, "FC"/"AC"/"SC"/"1."-style affixes and years do not count;
 * 2. else, tolerantly, word by word against every spelling that is not a nickname: each word of
 *    the name equals the spelling's word or abbreviates it ("M." → Munich, "Man" → Manchester,
 *    "Bor." → Borussia), and the name may leave off generic words at the end ("Leeds" → Leeds
 *    United, never "Real" → Real Madrid).
 * The result is the set of clubs the name can mean: one (known), several (ambiguous — never
 * merged: "Manchester", "Real M."), none (unknown). A name that fits two clubs of one city in
 * any way is therefore never resolved to either.
 *
 * The file is read again when its modification time changes (checked at each call of
 * `clubDirectory()`, i.e. at each batch), so an added line takes effect at the next poll without
 * a restart. `ODDS_ALIASES_FILE` names another file.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeTeamName } from '../matching/name-normalizer';

export const CLUB_ALIASES_FILE = join(__dirname, 'club-aliases.txt');

export interface ClubAlias {
  competition: number;
  club: string;
  spelling: string;
  /** A name fans use (search may offer it); resolves exactly, never tolerantly. */
  nickname?: boolean;
}

export interface AliasTableText {
  aliases: ClubAlias[];
  /** Lines that could not be read, as `line N: text`. */
  errors: string[];
}

/** Reads `<competition> | <club> | <spelling> [| nickname]` lines; `#` starts a comment, blank lines are skipped. */
export function parseClubAliases(text: string): AliasTableText {
  const aliases: ClubAlias[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const parts = line.split('|').map((p) => p.trim());
    const competition = Number(parts[0]);
    const flag = parts[3];
    if (
      parts.length < 3 ||
      parts.length > 4 ||
      !Number.isInteger(competition) ||
      !parts[1] ||
      !parts[2] ||
      (flag !== undefined && flag !== 'nickname') ||
      normalizeTeamName(parts[2]) === ''
    ) {
      errors.push(`line ${index + 1}: ${raw.trim()}`);
      return;
    }
    aliases.push({ competition, club: parts[1], spelling: parts[2], ...(flag ? { nickname: true } : {}) });
  });
  return { aliases, errors };
}

/** How a name resolved: the one club, the clubs it can mean, or nothing. */
export type NameResolution =
  { kind: 'club'; club: string; tolerant: boolean } | { kind: 'ambiguous'; clubs: string[] } | { kind: 'unknown' };

interface Spelling {
  competition: number;
  club: string;
  words: string[];
}

/** Whether `word` (of a name) is `full` or abbreviates it ("m" → "munich", "man" → "manchester"). */
function abbreviates(word: string, full: string): boolean {
  return word === full || (word.length < full.length && full.startsWith(word) && !/^\d/.test(word));
}

/**
 * Words a name may leave off the end ("Leeds" for Leeds United): they say what kind of club it
 * is. A word that names the place or the club ("Sporting" for Sporting Gijón, "Real" for Real
 * Madrid) may not be left off.
 */
const GENERIC_TAIL = new Set([
  'united',
  'city',
  'town',
  'athletic',
  'albion',
  'rovers',
  'wanderers',
  'hotspur',
  'county',
  'argyle',
  'bsc',
  'balompie',
]);

/** The name's words fit the spelling's: each equal or abbreviating, the name possibly leaving off generic words. */
function fits(name: readonly string[], spelling: readonly string[]): boolean {
  if (name.length === 0 || name.length > spelling.length) return false;
  if (!spelling.slice(name.length).every((word) => GENERIC_TAIL.has(word))) return false;
  return name.every((word, i) => abbreviates(word, spelling[i] as string));
}

export class ClubDirectory {
  /** Normalized spelling → competition → clubs. */
  private readonly index = new Map<string, Map<number, Set<string>>>();
  private readonly byCompetition = new Map<number, Set<string>>();
  private readonly spellings: Spelling[] = [];
  private readonly nicknamesByClub = new Map<string, Set<string>>();
  private readonly tolerantCache = new Map<string, string[]>();
  private readonly resolutionCache = new Map<string, NameResolution>();
  private readonly keyCache = new Map<string, string>();

  constructor(aliases: readonly ClubAlias[]) {
    for (const { competition, club, spelling, nickname } of aliases) {
      if (!this.byCompetition.has(competition)) this.byCompetition.set(competition, new Set());
      this.byCompetition.get(competition)?.add(club);
      this.add(club, competition, club, false);
      this.add(spelling, competition, club, nickname === true);
      if (nickname) {
        if (!this.nicknamesByClub.has(club)) this.nicknamesByClub.set(club, new Set());
        this.nicknamesByClub.get(club)?.add(spelling);
      }
    }
  }

  private add(spelling: string, competition: number, club: string, nickname: boolean): void {
    const key = normalizeTeamName(spelling);
    if (key === '') return;
    let perCompetition = this.index.get(key);
    if (!perCompetition) this.index.set(key, (perCompetition = new Map()));
    let clubs = perCompetition.get(competition);
    if (!clubs) perCompetition.set(competition, (clubs = new Set()));
    clubs.add(club);
    if (!nickname) this.spellings.push({ competition, club, words: key.split(' ') });
  }

  /**
   * The clubs a name can mean: by exact spelling those of the given competition when it has
   * the spelling, else those of any competition; failing that, tolerantly (word by word) within
   * the competition (all of them when none is given). Empty when the name is unknown.
   */
  resolve(name: string, competition?: number): string[] {
    const key = normalizeTeamName(name);
    if (key === '') return [];
    const perCompetition = this.index.get(key);
    if (perCompetition) {
      const own = competition === undefined ? undefined : perCompetition.get(competition);
      if (own) return [...own];
      return [...new Set([...perCompetition.values()].flatMap((clubs) => [...clubs]))];
    }
    return this.tolerant(key, competition);
  }

  private tolerant(key: string, competition: number | undefined): string[] {
    const cacheKey = `${competition ?? '*'}|${key}`;
    const cached = this.tolerantCache.get(cacheKey);
    if (cached) return cached;
    if (this.tolerantCache.size >= 50_000) this.tolerantCache.clear();
    const words = key.split(' ');
    const clubsOf = (list: readonly Spelling[]) => [
      ...new Set(list.filter((s) => fits(words, s.words)).map((s) => s.club)),
    ];
    // Within the competition only: an abbreviation that fits nothing there is no club of another league.
    const clubs = clubsOf(
      competition === undefined ? this.spellings : this.spellings.filter((s) => s.competition === competition),
    );
    this.tolerantCache.set(cacheKey, clubs);
    return clubs;
  }

  /** How a name resolves: one club (and whether only tolerantly), ambiguous, or unknown. Remembered per name. */
  resolution(name: string, competition?: number): NameResolution {
    const cacheKey = `${competition ?? '*'}|${name}`;
    const cached = this.resolutionCache.get(cacheKey);
    if (cached) return cached;
    const clubs = this.resolve(name, competition);
    const found: NameResolution =
      clubs.length === 1
        ? { kind: 'club', club: clubs[0] as string, tolerant: !this.index.has(normalizeTeamName(name)) }
        : clubs.length > 1
          ? { kind: 'ambiguous', clubs: [...clubs].sort() }
          : { kind: 'unknown' };
    // Names come from a few hundred listings: the memory stays small; a flood only empties it.
    if (this.resolutionCache.size >= 50_000) this.resolutionCache.clear();
    this.resolutionCache.set(cacheKey, found);
    return found;
  }

  /** The one club a name means, or undefined when it is unknown or ambiguous. */
  canonical(name: string, competition?: number): string | undefined {
    const found = this.resolution(name, competition);
    return found.kind === 'club' ? found.club : undefined;
  }

  /**
   * The key two names of one club share: the normalized club, or the normalized name itself when
   * the table does not know it or it could mean two clubs. Remembered per name, as resolutions are.
   */
  key(name: string, competition?: number): string {
    const cacheKey = `${competition ?? '*'}|${name}`;
    const cached = this.keyCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const key = normalizeTeamName(this.canonical(name, competition) ?? name);
    if (this.keyCache.size >= 50_000) this.keyCache.clear();
    this.keyCache.set(cacheKey, key);
    return key;
  }

  /** The clubs of a competition (all competitions when left out), as OddsMate shows them. */
  clubs(competition?: number): string[] {
    if (competition !== undefined) return [...(this.byCompetition.get(competition) ?? [])];
    return [...new Set([...this.byCompetition.values()].flatMap((clubs) => [...clubs]))];
  }

  /** The nicknames the table marks for a club. */
  nicknames(club: string): string[] {
    return [...(this.nicknamesByClub.get(club) ?? [])];
  }

  /** Normalized spellings that name more than one club of one competition. */
  ambiguousSpellings(): string[] {
    return [...this.index.entries()]
      .filter(([, perCompetition]) => [...perCompetition.values()].some((clubs) => clubs.size > 1))
      .map(([key]) => key);
  }
}

interface Loaded {
  file: string;
  mtimeMs: number;
  size: number;
  directory: ClubDirectory;
  errors: string[];
}

let loaded: Loaded | undefined;

/** The alias file in use: `ODDS_ALIASES_FILE`, else the shipped table. */
export function clubAliasesFile(): string {
  return process.env.ODDS_ALIASES_FILE?.trim() || CLUB_ALIASES_FILE;
}

/**
 * The directory of the alias file, read again whenever the file's modification time or size
 * changed since the last read. A file that cannot be read keeps the directory read before (at
 * the start: the shipped table) and says why in `clubAliasesErrors()`.
 */
export function clubDirectory(): ClubDirectory {
  const file = clubAliasesFile();
  let stat: { mtimeMs: number; size: number } | undefined;
  try {
    stat = statSync(file);
  } catch {
    stat = undefined;
  }
  if (loaded && loaded.file === file && stat && loaded.mtimeMs === stat.mtimeMs && loaded.size === stat.size) {
    return loaded.directory;
  }
  if (!stat) {
    if (loaded && loaded.file === file) return loaded.directory;
    // A configured file that is not there at the start: the shipped table, and the reason.
    const shipped = file === CLUB_ALIASES_FILE ? [] : parseClubAliases(readFileSync(CLUB_ALIASES_FILE, 'utf8')).aliases;
    loaded = {
      file,
      mtimeMs: -1,
      size: -1,
      directory: new ClubDirectory(shipped),
      errors: [`cannot read ${file}${shipped.length > 0 ? '; using the shipped table' : ''}`],
    };
    return loaded.directory;
  }
  try {
    const { aliases, errors } = parseClubAliases(readFileSync(file, 'utf8'));
    loaded = { file, mtimeMs: stat.mtimeMs, size: stat.size, directory: new ClubDirectory(aliases), errors };
  } catch (error) {
    const why = `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`;
    loaded = { file, mtimeMs: -1, size: -1, directory: loaded?.directory ?? new ClubDirectory([]), errors: [why] };
  }
  return loaded.directory;
}

/** Lines of the alias file in use that could not be read (or why the file could not be). */
export function clubAliasesErrors(): string[] {
  clubDirectory();
  return [...(loaded?.errors ?? [])];
}
