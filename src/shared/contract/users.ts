/** TypeBox schemas of the users calls (ARCHITECTURE §3, §4); limits come from src/shared. */
import { type Static, Type } from '@sinclair/typebox';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants';
import { EMAIL_PATTERN } from '../validation';
import { Data, Empty, ErrorResponses } from './envelope';

const EMAIL_MAX = 254;
const Email = Type.String({ maxLength: EMAIL_MAX, pattern: EMAIL_PATTERN.source });
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

const UserSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  country: Type.Integer(),
  registrationDate: Type.String({ format: 'date-time' }),
});

const Tokens = { token: Type.String(), refreshToken: Type.String() };
const TokenPairSchema = Type.Object(Tokens);
const AuthSessionSchema = Type.Object({ user: UserSchema, ...Tokens });
const RegisteredSchema = Type.Object({ email: Type.String() });
const ProfileSchema = Type.Object({
  username: Type.String(),
  email: Type.String(),
  country: Type.Integer(),
  registrationDate: Type.String({ format: 'date-time' }),
  lastLogin: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});

export const SessionResponse = { 200: Data(AuthSessionSchema), ...ErrorResponses };
export const TokensResponse = { 200: Data(TokenPairSchema), ...ErrorResponses };
export const EmptyResponse = { 200: Data(Empty), ...ErrorResponses };
export const RegisterResponse = { 201: Data(RegisteredSchema), ...ErrorResponses };
export const ProfileResponse = { 200: Data(ProfileSchema), ...ErrorResponses };

/** Country id as a string on the client (SPEC §3); the wire carries a number. */
export type UserDto = Static<typeof UserSchema>;
export type AuthSessionDto = Static<typeof AuthSessionSchema>;
export type TokenPairDto = Static<typeof TokenPairSchema>;
export type ProfileDto = Static<typeof ProfileSchema>;
export type RegisterRequest = Static<typeof RegisterBody>;
export type LoginRequest = Static<typeof LoginBody>;
export type VerifyEmailRequest = Static<typeof VerifyEmailBody>;
export type ResetPasswordRequest = Static<typeof ResetBody>;
