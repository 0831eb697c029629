/** The signed-in person's profile (ARCHITECTURE §3, §4). */
import type { ProfileDto } from '@shared/contract/users';
import { unauthorized } from '../../core/errors';
import { findUserById } from './users.repository';
import type { AccountsContext } from './accounts.context';
import { iso } from './sessions.service';

export async function profile(ctx: AccountsContext, userId: string): Promise<ProfileDto> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return {
    username: user.username,
    email: user.email,
    country: user.country,
    registrationDate: iso(user.created_at),
    lastLogin: user.last_login_at === null ? null : iso(user.last_login_at),
  };
}
