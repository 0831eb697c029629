/**
 * Accounts table interfaces, merged into `Database` in src/server/database.ts.
 * Times are epoch milliseconds in bigint columns, so SQLite and PostgreSQL store and compare
 * them the same way.
 */
import type { Generated } from 'kysely';

export type OtpPurpose = 'verify' | 'reset';

export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string;
  email: string;
  password_hash: string;
  country: number;
  verified_at: number | null;
  created_at: number;
  last_login_at: number | null;
  /** Login is refused until this time after too many failures. */
  locked_until: number | null;
  /** Raised by every password reset or change: a login checked against an older one starts no session. */
  credentials_version: Generated<number>;
  /** "My bookmakers": provider ids joined by commas; '' none chosen, null never asked. */
  my_books: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: OtpPurpose;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  voided_at: number | null;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

/**
 * Access tokens of `user_id` issued (iat, seconds) before `before_s` are void (tokens that name no
 * login), and so are those whose credentials version (`cv`) is below `min_version` (a reset).
 */
interface AccessRevocationsTable {
  user_id: string;
  before_s: number;
  min_version: Generated<number>;
  revoked_at: number;
}

/** Access tokens whose `sid` is `family_id` are void (the login ended at `revoked_at`). */
interface SessionRevocationsTable {
  family_id: string;
  revoked_at: number;
}

interface LoginFailuresTable {
  id: string;
  user_id: string;
  failed_at: number;
}

export interface AccountsTables {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  refresh_tokens: RefreshTokensTable;
  access_revocations: AccessRevocationsTable;
  session_revocations: SessionRevocationsTable;
  login_failures: LoginFailuresTable;
}
