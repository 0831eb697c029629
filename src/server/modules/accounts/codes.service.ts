/**
 * Issuing and checking one-time codes: 60 s cooldown and 5 an hour per
 * address and purpose, counted from the codes actually sent; a new code voids the older ones;
 * 5 tries, then the code is dead; single use.
 */
import { randomUUID } from 'node:crypto';
import { RESEND_COOLDOWN_S } from '@shared/constants';
import { isCompleteCode } from '@shared/validation';
import type { Db } from '../../core/db/connect';
import type { OtpPurpose } from './accounts.tables';
import * as codes from './one-time-codes.repository';
import { lockUser } from './users.repository';
import type { AccountsContext } from './accounts.context';
import { codeHash, codeMatches, generateCode, MAX_CODE_TRIES } from './one-time-code';

const HOUR_MS = 3_600_000;
const CODES_PER_HOUR = 5;
const KEEP_CODES_MS = 24 * HOUR_MS;

interface CodeOwner {
  id: string;
  email: string;
}

/** Seconds until another code may go to this address for this purpose; 0 when it may now. */
async function cooldownLeft(db: Db, email: string, purpose: OtpPurpose, now: number): Promise<number> {
  const recent = await codes.codesSentSince(db, email, purpose, now - HOUR_MS);
  const last = recent[0]?.created_at;
  const byCooldown = last === undefined ? 0 : last + RESEND_COOLDOWN_S * 1000 - now;
  const fifthNewest = recent[CODES_PER_HOUR - 1]?.created_at;
  const byHourlyCap = fifthNewest === undefined ? 0 : fifthNewest + HOUR_MS - now;
  return Math.max(0, Math.ceil(Math.max(byCooldown, byHourlyCap) / 1000));
}

type IssuedCode = { code: string; retryAfterS?: undefined } | { code?: undefined; retryAfterS: number };

/**
 * Stores a fresh code (voiding older ones) unless the address is cooling down. The user row
 * is locked so two parallel requests cannot both slip past the cooldown.
 */
export async function issueCode(ctx: AccountsContext, owner: CodeOwner, purpose: OtpPurpose): Promise<IssuedCode> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, owner.id);
    const retryAfterS = await cooldownLeft(trx, owner.email, purpose, now);
    if (retryAfterS > 0) return { retryAfterS };
    const code = generateCode();
    await codes.voidLiveCodes(trx, owner.id, purpose, now);
    await codes.insertCode(trx, {
      id: randomUUID(),
      user_id: owner.id,
      purpose,
      email: owner.email,
      code_hash: codeHash(ctx.codeKey, owner.id, purpose, owner.email, code),
      created_at: now,
      expires_at: now + ctx.config.otpTtlS * 1000,
      used_at: null,
      voided_at: null,
    });
    await codes.deleteCodesBefore(trx, owner.id, now - KEEP_CODES_MS);
    return { code };
  });
}

type CodeCheck = 'ok' | 'invalid' | 'expired' | 'used';

/** Checks and, when right, consumes the latest code of the user and purpose. */
export async function useCode(
  ctx: AccountsContext,
  owner: CodeOwner,
  purpose: OtpPurpose,
  code: string,
): Promise<CodeCheck> {
  // A malformed code is simply wrong; it does not spend one of the tries.
  if (!isCompleteCode(code)) return 'invalid';
  const latest = await codes.latestCode(ctx.db, owner.id, purpose);
  if (!latest) return 'invalid';
  const matches = codeMatches(latest.code_hash, codeHash(ctx.codeKey, owner.id, purpose, owner.email, code));
  const now = ctx.now();
  if (!(await codes.claimTry(ctx.db, latest.id, MAX_CODE_TRIES, now))) {
    const current = (await codes.findCode(ctx.db, latest.id)) ?? latest;
    if (current.used_at !== null) return matches ? 'used' : 'invalid';
    if (current.voided_at !== null) return 'invalid';
    return 'expired';
  }
  if (!matches) return 'invalid';
  return (await codes.consumeCode(ctx.db, latest.id, now)) ? 'ok' : 'used';
}
