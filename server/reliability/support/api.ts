import { apiPaths } from '@um/contract';
import { codeFrom, type SmtpCatcher } from '../../src/test/smtp-catcher.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // The API's JSON, read by tests that check its shape themselves.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One HTTP request to a real server, as the web app sends it. */
export async function call(
  origin: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(origin + path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface Staff {
  email: string;
  password: string;
  access: string;
  refresh: string;
}

export const STAFF_PASSWORD = 'a long enough password';

/** Signs a staff member up the way a person does: code by mail, then register. */
export async function signUp(origin: string, smtp: SmtpCatcher, email: string): Promise<Staff> {
  const sent = await call(origin, 'POST', apiPaths.sendOtp, { body: { email } });
  if (sent.status !== 200) throw new Error(`send_otp answered ${sent.status}: ${sent.text}`);
  const [mail] = await smtp.waitForMails(email);
  const registered = await call(origin, 'POST', apiPaths.register, {
    body: {
      name: `Staff ${email.split('@')[0]}`,
      email,
      password: STAFF_PASSWORD,
      password2: STAFF_PASSWORD,
      tc: true,
      otp: codeFrom(mail!),
    },
  });
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${registered.text}`);
  }
  return { email, password: STAFF_PASSWORD, ...registered.json.token };
}

/** Logs in and returns a fresh token pair. */
export async function logIn(origin: string, email: string, password = STAFF_PASSWORD) {
  const answer = await call(origin, 'POST', apiPaths.login, { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.text}`);
  return answer.json.token as { access: string; refresh: string };
}

/** The answer is RFC 9457 problem JSON with the given status. */
export function isProblem(answer: Answer, status: number): boolean {
  return (
    answer.status === status &&
    (answer.headers.get('content-type') ?? '').startsWith('application/problem+json') &&
    answer.json?.status === status &&
    typeof answer.json?.detail === 'string'
  );
}
