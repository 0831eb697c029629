/** Anonymous feedback from signed-in users. */
import { FEEDBACK_MAX_LENGTH } from '@shared/constants';
import type { Db } from '../../core/db/connect';
import { validationError } from '../../core/errors';
import { insertFeedback } from './feedback.repository';

/** Stores the trimmed message with its time only: no user id, no address (anonymous by design). */
export async function submitFeedback(db: Db, message: string, at: number): Promise<void> {
  const trimmed = message.trim();
  if (!trimmed) throw validationError('message', 'must not be empty');
  if ([...trimmed].length > FEEDBACK_MAX_LENGTH) {
    throw validationError('message', `must be at most ${FEEDBACK_MAX_LENGTH} characters`);
  }
  await insertFeedback(db, trimmed, at);
}
