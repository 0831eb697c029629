/** TypeBox schemas of the users calls (docs/architecture.md#http-api, #accounts); limits come from src/shared. */
import { type Static, Type } from '@sinclair/typebox';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants';
import { AlertSchema, AlertSettingsSchema, NotificationSchema } from './alerts';
import { Data, ErrorResponses, NoContent, Replies } from './envelope';

const EMAIL_MAX = 254;
/**
 * What the server accepts as an e-mail address: one plain addr-spec (RFC 5321 dot-atom local
 * part, a dotted domain of letters, digits and hyphens), nothing else — no display name, no
 * `< > " , : ; ( )`, no spaces, no second address. The client's simple pattern
 * (`validation.ts`) stays its first check; this one is the server's (docs/architecture.md#settled-details).
 */
export const PLAIN_EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isPlainEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && PLAIN_EMAIL_PATTERN.test(email);
}

const Email = Type.String({ maxLength: EMAIL_MAX, pattern: PLAIN_EMAIL_PATTERN.source });
/** Checked by the service, so a bad value answers the call's own error code. */
const AnyEmail = Type.String({ maxLength: EMAIL_MAX });
const Otp = Type.String({ maxLength: 32 });
const NewPassword = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });

export const RegisterBody = Type.Object({
  userName: Type.String({
    minLength: USERNAME_MIN_LENGTH,
    maxLength: USERNAME_MAX_LENGTH,
    pattern: USERNAME_PATTERN.source,
  }),
  email: Email,
  password: NewPassword,
  country: Type.Union([Type.Integer(), Type.String({ maxLength: 32 })]),
});

export const VerifyEmailBody = Type.Object({ email: AnyEmail, otp: Otp });
export const EmailBody = Type.Object({ email: AnyEmail });
export const ForgotBody = Type.Object({ email: Email });
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: EMAIL_MAX }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export const RefreshBody = Type.Object({ refreshToken: Type.String({ maxLength: 512 }) });
export const ResetBody = Type.Object({ email: AnyEmail, otp: Otp, password: NewPassword });
/** POST /users/logout: the refresh token of the login to end (the bearer names the person). */
export const LogoutBody = Type.Object({ refreshToken: Type.String({ maxLength: 512 }) });
export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: NewPassword,
});
export const DeleteAccountBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) });

const UserSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  country: Type.Integer(),
  registrationDate: Type.String({ format: 'date-time' }),
});

const Tokens = { token: Type.String(), refreshToken: Type.String() };
const TokenPairSchema = Type.Object(Tokens);
const AuthSessionSchema = Type.Object({ user: UserSchema, ...Tokens });
/**
 * Whether the call mailed a code, and the seconds until another may be asked for (the
 * client's resend countdown starts from it; 60 right after a send).
 */
const CodeSentFields = {
  codeSent: Type.Boolean(),
  resendAfterS: Type.Integer({ minimum: 0 }),
};
const CodeSentSchema = Type.Object(CodeSentFields);
const RegisteredSchema = Type.Object({ email: Type.String(), ...CodeSentFields });
const ProfileSchema = Type.Object({
  username: Type.String(),
  email: Type.String(),
  country: Type.Integer(),
  registrationDate: Type.String({ format: 'date-time' }),
  lastLogin: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});

export const SessionResponse = Replies(Data(AuthSessionSchema));
export const TokensResponse = Replies(Data(TokenPairSchema));
export const CodeSentResponse = Replies(Data(CodeSentSchema));
export const NoContentResponse = { 204: NoContent, ...ErrorResponses };
export const RegisterResponse = { 201: Data(RegisteredSchema), ...ErrorResponses };
export const ProfileResponse = Replies(Data(ProfileSchema));

const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);

/** GET /users/me/export: everything stored about the person (no secrets: no hashes, codes or tokens). */
const PersonalDataSchema = Type.Object({
  exportedAt: Time,
  account: Type.Object({
    id: Type.String(),
    username: Type.String(),
    email: Type.String(),
    country: Type.Integer(),
    registrationDate: Time,
    verifiedAt: NullableTime,
    lastLogin: NullableTime,
    loginLockedUntil: NullableTime,
    /** "My bookmakers": provider ids, or null while the person has never chosen. */
    myBookmakers: Type.Optional(Type.Union([Type.Array(Type.Integer()), Type.Null()])),
  }),
  /** One entry per login (refresh-token family). */
  sessions: Type.Array(
    Type.Object({
      startedAt: Time,
      lastRefreshedAt: Time,
      expiresAt: Time,
      endedAt: NullableTime,
    }),
  ),
  codes: Type.Array(
    Type.Object({
      purpose: Type.String(),
      sentAt: Time,
      expiresAt: Time,
      usedAt: NullableTime,
      tries: Type.Integer(),
    }),
  ),
  failedLogins: Type.Array(Type.Object({ at: Time })),
  /** The watchlist (docs/architecture.md#alerts): favourite teams, alerts, notifications, delivery. */
  favouriteTeams: Type.Optional(Type.Array(Type.String())),
  alerts: Type.Optional(Type.Array(AlertSchema)),
  notifications: Type.Optional(Type.Array(NotificationSchema)),
  alertSettings: Type.Optional(AlertSettingsSchema),
  pushSubscriptions: Type.Optional(Type.Array(Type.Object({ endpoint: Type.String(), createdAt: Time }))),
  /** What is kept without any link to the person, and therefore cannot be listed. */
  notLinked: Type.Array(Type.String()),
});
export const ExportResponse = Replies(Data(PersonalDataSchema));

/** Country id as a string on the client (docs/product.md#entities); the wire carries a number. */
export type UserDto = Static<typeof UserSchema>;
export type AuthSessionDto = Static<typeof AuthSessionSchema>;
export type TokenPairDto = Static<typeof TokenPairSchema>;
export type ProfileDto = Static<typeof ProfileSchema>;
export type CodeSentDto = Static<typeof CodeSentSchema>;
export type RegisteredDto = Static<typeof RegisteredSchema>;
export type PersonalDataDto = Static<typeof PersonalDataSchema>;
export type RegisterRequest = Static<typeof RegisterBody>;
export type LoginRequest = Static<typeof LoginBody>;
export type VerifyEmailRequest = Static<typeof VerifyEmailBody>;
export type ResetPasswordRequest = Static<typeof ResetBody>;
