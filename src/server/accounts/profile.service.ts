/** The signed-in person's profile and their anonymous feedback (ARCHITECTURE §3, §4). */
import type { ProfileDto } from '@shared/dto';
import { FEEDBACK_MAX_LENGTH } from '@shared/constants';
import { unauthorized, validationError } from '../errors';
import { insertFeedback } from '../repositories/feedback.repository';
import { findUserById } from '../repositories/users.repository';
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

/** Stores the trimmed message with its time only: no user id, no address (anonymous by design). */
export async function submitFeedback(ctx: AccountsContext, message: string): Promise<void> {
  const trimmed = message.trim();
  if (!trimmed) throw validationError('message', 'must not be empty');
  if ([...trimmed].length > FEEDBACK_MAX_LENGTH) {
    throw validationError('message', `must be at most ${FEEDBACK_MAX_LENGTH} characters`);
  }
  await insertFeedback(ctx.db, trimmed, ctx.now());
}
