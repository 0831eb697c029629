/**
 * Access tokens: JWT HS256 via jose, `typ: at+jwt`, claims sub, username,
 * country, ak, sid (the login it belongs to), cv (the credentials version it was issued under), iss, aud, iat, exp. Verification pins the algorithm and requires exp; `ak` is
 * fresh random per token because the client signs odds requests with it.
 */
import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ErrorCode } from '@shared/errors';
import { unauthorized } from '../../core/errors';

const TOKEN_ISSUER = 'oddsmate';
const TOKEN_AUDIENCE = 'oddsmate-web';
const TOKEN_TYPE = 'at+jwt';
const AK_BYTES = 18; // 144 bits, above the 128 the contract asks for

export interface AccessClaims {
  sub: string;
  username: string;
  country: number;
  ak: string;
  /** The login (refresh-token family) the token belongs to; tokens from before it existed lack it. */
  sid?: string;
  /** The credentials version (password resets and changes) the token was issued under; absent means 0. */
  cv?: number;
  iat: number;
  exp: number;
}

interface TokenSubject {
  id: string;
  username: string;
  country: number;
  /** The credentials version the session was started or refreshed under. */
  credentials_version?: number;
}

export function accessTokenKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  key: Uint8Array,
  user: TokenSubject,
  nowMs: number,
  ttlS: number,
  /** The login (refresh-token family); every session the app issues has one. */
  sessionId?: string,
) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({
    username: user.username,
    country: user.country,
    ak: randomBytes(AK_BYTES).toString('base64url'),
    ...(sessionId === undefined ? {} : { sid: sessionId }),
    ...(user.credentials_version === undefined ? {} : { cv: user.credentials_version }),
  })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlS)
    .sign(key);
}

function isClaims(payload: Record<string, unknown>): payload is Record<string, unknown> & AccessClaims {
  return (
    typeof payload.sub === 'string' &&
    typeof payload.username === 'string' &&
    typeof payload.country === 'number' &&
    typeof payload.ak === 'string' &&
    (payload.sid === undefined || typeof payload.sid === 'string') &&
    (payload.cv === undefined || (typeof payload.cv === 'number' && Number.isSafeInteger(payload.cv))) &&
    typeof payload.iat === 'number' &&
    typeof payload.exp === 'number'
  );
}

/** The token's claims, or a 401: TOKEN_EXPIRED when only the time is wrong, else UNAUTHORIZED. */
export async function verifyAccessTokenJwt(key: Uint8Array, token: string, nowMs: number): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(nowMs),
    });
    if (!isClaims(payload)) throw unauthorized(ErrorCode.UNAUTHORIZED, 'Invalid access token');
    const { sub, username, country, ak, sid, cv, iat, exp } = payload;
    return {
      sub,
      username,
      country,
      ak,
      ...(sid === undefined ? {} : { sid }),
      ...(cv === undefined ? {} : { cv }),
      iat,
      exp,
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized(ErrorCode.TOKEN_EXPIRED, 'Access token expired');
    throw unauthorized(ErrorCode.UNAUTHORIZED, 'Invalid access token');
  }
}
