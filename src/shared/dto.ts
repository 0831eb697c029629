/** Wire DTOs of ARCHITECTURE §3, shared by the server (producing) and the client (reading). */

export interface ApiSuccess<T> {
  data: T;
}

export type OddsSource = 'demo' | 'live';

export interface UserDto {
  id: string;
  username: string;
  /** Country id as a string on the client (SPEC §3); the wire carries a number. */
  country: number;
  registrationDate: string;
}

export interface AuthSessionDto {
  user: UserDto;
  token: string;
  refreshToken: string;
}

export interface TokenPairDto {
  token: string;
  refreshToken: string;
}

export interface ProfileDto {
  username: string;
  email: string;
  country: number;
  registrationDate: string;
  lastLogin?: string | null;
}

export interface RegisterRequest {
  userName: string;
  email: string;
  password: string;
  country: number;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface VerifyEmailRequest {
  email: string;
  otp: string;
}

export interface ResetPasswordRequest {
  email: string;
  otp: string;
  password: string;
}

export interface SummaryDto {
  competitionIds: number[];
  marketIds: number[];
  numEvents: number;
  numBookmakers: number;
  numOdds: number;
  source: OddsSource;
}

export interface OddsPriceDto {
  selectionTypeId: number;
  value: number | null;
  flags: number;
}

export interface ProviderOddsDto {
  providerId: number;
  margin: number | null;
  odds: OddsPriceDto[];
}

export interface MarketOddsDto {
  marketId: number;
  odds: ProviderOddsDto[];
}

export interface OddsEventDto {
  id: string;
  name: string;
  date: string;
  competitionId: number;
  markets: MarketOddsDto[];
}

export interface OddsListDto {
  events: OddsEventDto[];
  source: OddsSource;
}

export type AnalyticsEventName = 'page_view' | 'user_registration_completed' | 'user_login_success' | 'critical_error';

export interface AnalyticsEventDto {
  name: AnalyticsEventName;
  country: number | null;
  path: string;
  at: string;
  code?: string;
}

/** Normalized feed batch (ARCHITECTURE §5); the JSON Schema lives with the server. */
export interface FeedPriceDto {
  selection: number;
  value: number;
  boosted?: boolean;
}

export interface FeedMarketDto {
  market: number;
  prices: FeedPriceDto[];
}

export interface FeedEventDto {
  externalId: string;
  competition: number;
  home: string;
  away: string;
  kickoff: string;
  markets: FeedMarketDto[];
}

export interface FeedBatchDto {
  provider: number;
  country: number;
  fetchedAt: string;
  events: FeedEventDto[];
}
