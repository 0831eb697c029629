/**
 * Account helpers for server tests: register, read the e-mailed code, verify, log in. They go
 * through the public API and the real SMTP capture, as a client would.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuthSessionDto } from '@shared/contract/users';
import type { TestApp } from './test-app';

export interface NewUser {
  userName: string;
  email: string;
  password: string;
  country: number | string;
}

let counter = 0;

/** A fresh, valid registration payload; unique per call within a test process. */
export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  counter += 1;
  const tag = `${process.pid}${counter}`;
  return {
    userName: `user_${tag}`,
    email: `user.${tag}@example.com`,
    password: 'correct horse battery',
    country: 1,
    ...overrides,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function call(
  t: TestApp,
  method: Method,
  url: string,
  payload?: unknown,
  options: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = { method, url, headers: { ...options.headers } };
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  if (options.token) request.headers = { ...request.headers, authorization: `Bearer ${options.token}` };
  if (options.remoteAddress) request.remoteAddress = options.remoteAddress;
  return t.app.inject(request);
}

export function errorOf(response: LightMyRequestResponse): { code: string; description: string; type: string } {
  return response.json().error;
}

export async function registerUser(t: TestApp, user: NewUser = newUser()): Promise<NewUser> {
  const response = await call(t, 'PUT', '/api/users/register', user);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return user;
}

/** Registers and verifies a user; answers the session the verification returned. */
export async function verifiedUser(
  t: TestApp,
  overrides: Partial<NewUser> = {},
): Promise<{ user: NewUser; session: AuthSessionDto }> {
  const user = await registerUser(t, newUser(overrides));
  const otp = await t.smtp.codeFor(user.email.toLowerCase());
  const response = await call(t, 'POST', '/api/users/verify-email', { email: user.email, otp });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  return { user, session: response.json().data };
}

export async function loginAs(t: TestApp, username: string, password: string): Promise<LightMyRequestResponse> {
  return call(t, 'POST', '/api/users/login', { username, password });
}

/** A 6-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
