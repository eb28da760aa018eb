import type { FastifyBaseLogger } from 'fastify';
import { deactivatedText, secondStepTexts } from '@um/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/problem.js';
import type { Mailer } from '../mail/mailer.js';
import type { BackgroundTasks } from './background.js';
import type { SecretBox } from './mfa/secret-box.js';

/** What the auth flows need; built once per app from its AppContext. */
export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  background: BackgroundTasks;
  /** Seals and opens TOTP secrets (decision 0065). */
  secrets: SecretBox;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/**
 * SSO_REQUIRED_DOMAINS: an address of those domains signs in through Google or the OpenID
 * provider only, so a password (login, sign-up, reset) is refused with the way in. The answer
 * depends on the address's domain alone, before any account is looked up: known and unknown
 * addresses get the same one.
 */
export function assertPasswordAllowed(config: Config, email: string): void {
  const domain = domainOf(email);
  if (!config.ssoRequiredDomains.includes(domain)) return;
  const ways = [config.google.clientId ? 'Google' : null, config.oidc?.name ?? null].filter(
    (way): way is string => way !== null,
  );
  throw new HttpError(403, secondStepTexts.ssoRequired(domain, ways.join(' or ')), {
    type: 'urn:problem-type:sso-required',
  });
}

/** SIGNUP_ALLOWED_DOMAINS: `*` lets anyone sign up; otherwise only the exact domains listed. */
export function assertSignupAllowed(config: Config, email: string): void {
  const allowed = config.signupAllowedDomains;
  if (allowed === '*') return;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (allowed.includes(domain)) return;
  const list = allowed.map((entry) => `@${entry}`).join(', ');
  throw new HttpError(403, `Sign-up is limited to email addresses at ${list}.`, {
    type: 'urn:problem-type:signup-domain-not-allowed',
  });
}

/** A deactivated account's sign-in, by any means (docs/staff.md). */
export function accountDeactivated(): HttpError {
  return new HttpError(403, deactivatedText, { type: 'urn:problem-type:account-deactivated' });
}
