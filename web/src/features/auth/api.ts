import { apiPaths, buildPath, detailResponseSchema, tokenResponseSchema } from '@um/contract';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SendOtpRequest,
  TokenPair,
} from '@um/contract';
import { apiRequest } from '../../lib/api-client';

const anonymous = { method: 'POST', authenticated: false } as const;

export async function login(body: LoginRequest): Promise<TokenPair> {
  const answer = await apiRequest(apiPaths.login, {
    ...anonymous,
    body,
    schema: tokenResponseSchema,
  });
  return answer.token;
}

export async function sendOtp(body: SendOtpRequest): Promise<void> {
  await apiRequest(apiPaths.sendOtp, { ...anonymous, body, schema: detailResponseSchema });
}

export async function register(body: RegisterRequest): Promise<TokenPair> {
  const answer = await apiRequest(apiPaths.register, {
    ...anonymous,
    body,
    schema: tokenResponseSchema,
  });
  return answer.token;
}

export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<void> {
  await apiRequest(apiPaths.forgotPassword, { ...anonymous, body, schema: detailResponseSchema });
}

export async function resetPassword(
  link: { id: string; token: string },
  body: ResetPasswordRequest,
): Promise<void> {
  await apiRequest(buildPath(apiPaths.resetPassword, link), {
    ...anonymous,
    body,
    schema: detailResponseSchema,
  });
}

export async function signInWithGoogle(
  mode: 'login' | 'register',
  credential: string,
): Promise<TokenPair> {
  const path = mode === 'login' ? apiPaths.google : apiPaths.googleRegister;
  const answer = await apiRequest(path, {
    ...anonymous,
    body: { token: credential },
    schema: tokenResponseSchema,
  });
  return answer.token;
}

/** Revokes the refresh token's family on the server, so a copied token is worthless. */
export async function revokeSession(refresh: string): Promise<void> {
  await apiRequest(apiPaths.logout, { ...anonymous, body: { refresh } });
}
