/**
 * Transitional: the wire types the client still imports from here, re-exported from the
 * contract (src/shared/contract), where every one of them is derived from its TypeBox schema.
 * Import from the contract instead; this file goes once the client has moved over.
 */
export type { AnalyticsEventDto, AnalyticsEventName } from './contract/analytics';
export type { ApiSuccess } from './contract/envelope';
export type {
  EventSource as OddsSource,
  MarketOddsDto,
  OddsEventDto,
  OddsListDto,
  OddsPriceDto,
  ProviderOddsDto,
  SummaryDto,
} from './contract/odds';
export type {
  AuthSessionDto,
  LoginRequest,
  ProfileDto,
  RegisterRequest,
  ResetPasswordRequest,
  TokenPairDto,
  UserDto,
  VerifyEmailRequest,
} from './contract/users';
