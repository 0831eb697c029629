/**
 * The account feature's view of the persisted session: how a server session becomes
 * one, and the storage and clock the listeners and the start-up check use (`AuthDeps`), injected
 * so tests pass a fake storage and a replay none at all.
 */
import type { AuthSessionDto } from '@shared/contract/users';
import type { NewSession } from '../../lib/session';
import { browserStorage, type SessionStorage } from '../../lib/session-storage';

export interface AuthDeps {
  /** Where the session persists; null turns persistence off (replays, prerendering). */
  storage: SessionStorage | null;
  now: () => number;
}

export const browserAuthDeps = (): AuthDeps => ({ storage: browserStorage(), now: () => Date.now() });

/**
 * CreatedAt and updatedAt both come from registrationDate; the e-mail is '' after a
 * login and the entered e-mail after verify-email or reset-password.
 */
export function sessionFromDto(dto: AuthSessionDto, email = ''): NewSession {
  const { user } = dto;
  return {
    token: dto.token,
    refreshToken: dto.refreshToken,
    user: {
      id: String(user.id),
      username: user.username,
      email,
      country: String(user.country),
      createdAt: user.registrationDate,
      updatedAt: user.registrationDate,
    },
  };
}
