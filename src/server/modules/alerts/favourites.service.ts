/** Favourite teams: one ordered list per person, kept on the server. */
import type { FavouritesDto } from '@shared/contract/alerts';
import { FAVOURITE_TEAM_MAX_LENGTH, FAVOURITE_TEAMS_MAX } from '@shared/constants';
import type { Db } from '../../core/db/connect';
import { validationError } from '../../core/errors';
import * as repo from './favourites.repository';
import { lockWatchlist } from './watchlist.repository';

export class FavouritesService {
  constructor(private readonly deps: { db: Db; now(): number }) {}

  async list(userId: string): Promise<FavouritesDto> {
    return { teams: await repo.findFavourites(this.deps.db, userId) };
  }

  /** Trimmed, empty names refused, duplicates (ignoring case) kept once, at most 50. */
  async replace(userId: string, teams: readonly string[]): Promise<FavouritesDto> {
    const seen = new Set<string>();
    const clean: string[] = [];
    for (const [i, raw] of teams.entries()) {
      const team = raw.trim().replace(/\s+/g, ' ');
      if (!team) throw validationError(`teams[${i}]`, 'must not be empty');
      if (team.length > FAVOURITE_TEAM_MAX_LENGTH) {
        throw validationError(`teams[${i}]`, `must be at most ${FAVOURITE_TEAM_MAX_LENGTH} characters`);
      }
      const key = team.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      clean.push(team);
    }
    if (clean.length > FAVOURITE_TEAMS_MAX) throw validationError('teams', `must list at most ${FAVOURITE_TEAMS_MAX}`);
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await lockWatchlist(trx, userId, now);
      await repo.replaceFavourites(trx, userId, clean);
    });
    return { teams: clean };
  }

  /** The list for the account's export. */
  personalData(userId: string): Promise<string[]> {
    return repo.findFavourites(this.deps.db, userId);
  }

  /** Everything of the person (account deletion; the cascade does it too). */
  async deletePersonalData(db: Db, userId: string): Promise<void> {
    await repo.replaceFavourites(db, userId, []);
  }
}
