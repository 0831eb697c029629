/** What the account services need, built once per app (db, config, clock, mailer, keys). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../core/config';
import type { AfterCommit, Db } from '../../core/db/connect';
import type { Mailer, MailMessage } from '../../core/mail/mailer';
import type { PersonalDataDto } from '@shared/contract/users';
import { accessTokenKey } from './access-token';
import { codeKey } from './one-time-code';
import { successorKey } from './refresh-token';
import { hashPassword } from './passwords';
import type { RevokedSessions } from './revoked-sessions';

/**
 * Another feature's data about a person: its service adds it to
 * "download my data" and deletes it with the account, inside the deletion's transaction.
 */
export interface PersonalDataPart {
  export(userId: string): Promise<Partial<PersonalDataDto>>;
  /**
   * Deletes the person's rows within the account's deletion transaction; may answer what to do once
   * it committed (what the feature holds in memory goes then, so nothing reads it back meanwhile).
   */
  delete(db: Db, userId: string): Promise<AfterCommit | void>;
}

export interface AccountsContext {
  db: Db;
  config: AppConfig;
  now(): number;
  log: FastifyBaseLogger;
  accessKey: Uint8Array;
  codeKey: Buffer;
  /** Derives a refresh token's successor, so a retried rotation answers the same one. */
  successorKey: Buffer;
  /** A real hash of nothing, checked for unknown usernames so they cost what real ones do. */
  dummyHash: string;
  /** Sends, and logs instead of failing the request when the mail server is down. */
  sendMail(message: MailMessage): Promise<boolean>;
  /** Access tokens voided by password resets (the auth plugin's). */
  revokedSessions: RevokedSessions;
  /** Other features' personal data, registered by their plugins. */
  personalData: PersonalDataPart[];
}

interface AccountsDeps {
  db: Db;
  config: AppConfig;
  now(): number;
  log: FastifyBaseLogger;
  mailer: Mailer;
  revokedSessions: RevokedSessions;
}

export async function createAccountsContext(deps: AccountsDeps): Promise<AccountsContext> {
  const { config, mailer, log } = deps;
  return {
    ...deps,
    personalData: [],
    accessKey: accessTokenKey(config.jwtSecret),
    codeKey: codeKey(config.jwtSecret),
    successorKey: successorKey(config.jwtSecret),
    dummyHash: await hashPassword('dummy password that never matches', config.scryptN),
    async sendMail(message) {
      try {
        await mailer.send(message);
        return true;
      } catch (error) {
        // The account change already happened; the person can ask for another code.
        log.error({ err: error, mail: { to: message.to, subject: message.subject } }, 'mail not sent');
        return false;
      }
    },
  };
}
