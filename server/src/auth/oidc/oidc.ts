import * as client from 'openid-client';
import {
  emailSchema,
  OIDC_CALLBACK_ROUTE,
  secondStepTexts,
  type OidcCallbackRequest,
  type TokenPair,
} from '@um/contract';
import type { OidcConfig } from '../../config.js';
import { nowIso } from '../../db/time.js';
import { HttpError, notFound, problemTypes } from '../../http/problem.js';
import { providerDisplayName } from '../provider-name.js';
import type { AuthDeps } from '../context.js';
import { sha256 } from '../../db/stored-tokens.js';
import type { Client } from '../../http/client.js';
import {
  findSsoAccount,
  ssoRegister,
  ssoSignIn,
  type SsoIdentity,
  type SsoProvider,
} from '../sso-accounts.js';
import {
  deleteExpiredOidcLogins,
  insertOidcLogin,
  useOidcLoginOnce,
} from '../../repositories/oidc-logins.js';
import { findUserByOidcSub, linkOidcSub } from '../../repositories/users.js';

/**
 * Sign-in through the school's OpenID Connect provider (Microsoft Entra ID first; docs/auth.md,
 * "OpenID Connect"), with `openid-client`: the authorization code flow with PKCE (S256), `state`
 * and `nonce`. The provider's metadata and keys come from its discovery document. The ID token
 * is checked by the library: its signature against the provider's published keys (non-
 * repudiation checks on), `iss`, `aud`, `nonce`, `exp` and `iat`. Each flow started is kept
 * (its state only hashed) and used once, for 10 minutes.
 */

const FLOW_TTL_MS = 10 * 60_000;

export type OidcIntent = 'login' | 'register';

function unavailable(): HttpError {
  return new HttpError(503, secondStepTexts.oidcUnavailable, { type: problemTypes.unavailable });
}

export function oidcNotConfigured(): HttpError {
  return new HttpError(503, secondStepTexts.oidcNotConfigured, { type: problemTypes.unavailable });
}

export interface OidcClient {
  config: OidcConfig;
  start(deps: AuthDeps, intent: OidcIntent, now: Date): Promise<{ url: string; state: string }>;
  finish(
    deps: AuthDeps,
    callback: OidcCallbackRequest,
    now: Date,
    who: Client,
  ): Promise<{ created: boolean; tokens: TokenPair }>;
}

/**
 * The provider's configuration, discovered on first use and kept; a failed discovery is
 * forgotten so the next sign-in tries again (503 meanwhile). A plain-http issuer is allowed
 * only outside production (config.ts refuses it there): the tests' local provider.
 */
function discoverer(config: OidcConfig) {
  let discovered: Promise<client.Configuration> | undefined;
  return () => {
    discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        execute: [
          client.enableNonRepudiationChecks,
          ...(config.issuer.startsWith('http:') ? [client.allowInsecureRequests] : []),
        ],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
}

/**
 * The address the provider vouches for: `email_verified` true, or Entra ID's `xms_edov` (the
 * address's domain is verified by the tenant), which Entra sends instead when asked for.
 */
function verifiedEmail(claims: Record<string, unknown>): string | null {
  const verified =
    claims['email_verified'] === true ||
    claims['email_verified'] === 'true' ||
    claims['xms_edov'] === true ||
    claims['xms_edov'] === '1';
  const email = emailSchema.safeParse(claims['email']);
  return verified && email.success ? email.data : null;
}

export function createOidcClient(config: OidcConfig | null, appUrl: string): OidcClient | null {
  if (!config) return null;
  const configuration = discoverer(config);
  const redirectUri = `${appUrl}${OIDC_CALLBACK_ROUTE}`;
  const provider: SsoProvider = {
    findBySub: (db, sub) => findUserByOidcSub(db, config.issuer, sub),
    link: (db, userId, sub, now) => linkOidcSub(db, userId, config.issuer, sub, now),
    account: (sub) => ({ googleSub: null, oidc: { issuer: config.issuer, sub } }),
    activity: 'oidc_sign_in',
    linkedElsewhere: secondStepTexts.oidcLinkedElsewhere(config.name),
  };
  const failed = () => new HttpError(401, secondStepTexts.oidcFailed(config.name));

  return {
    config,

    async start(deps, intent, now) {
      let server: client.Configuration;
      try {
        server = await configuration();
      } catch (error) {
        deps.log.warn({ err: error }, 'OpenID provider discovery failed');
        throw unavailable();
      }
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      await deleteExpiredOidcLogins(deps.db, nowIso(now));
      await insertOidcLogin(deps.db, {
        state_hash: sha256(state),
        nonce,
        code_verifier: verifier,
        intent,
        created_at: nowIso(now),
        expires_at: nowIso(new Date(now.getTime() + FLOW_TTL_MS)),
        used_at: null,
      });
      const url = client.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state };
    },

    async finish(deps, callback, now, who) {
      // The flow is used up first, by a conditional update: a callback works once.
      const flow = await useOidcLoginOnce(deps.db, sha256(callback.state), nowIso(now));
      if (!flow) throw new HttpError(400, secondStepTexts.oidcStateRejected);
      let server: client.Configuration;
      try {
        server = await configuration();
      } catch (error) {
        deps.log.warn({ err: error }, 'OpenID provider discovery failed');
        throw unavailable();
      }
      const current = new URL(redirectUri);
      current.searchParams.set('code', callback.code);
      current.searchParams.set('state', callback.state);
      if (callback.iss !== undefined) current.searchParams.set('iss', callback.iss);
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(server, current, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: callback.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw failed();
        claims = { ...idClaims };
        // Providers that keep the address out of the ID token (by default oidc-provider, and
        // Entra ID unless asked) give it at their userinfo endpoint, for the same subject.
        if (typeof claims['email'] !== 'string') {
          const info = await client.fetchUserInfo(server, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        deps.log.info({ err: error }, 'OpenID sign-in refused');
        if (error instanceof TypeError) throw unavailable();
        throw failed();
      }
      const email = verifiedEmail(claims);
      if (!email) throw new HttpError(401, secondStepTexts.oidcUnverifiedEmail(config.name));
      const identity: SsoIdentity = {
        sub: String(claims['sub']),
        email,
        name: providerDisplayName(claims['name']),
      };
      if (flow.intent === 'register') return ssoRegister(deps, provider, identity, now, who);
      const user = await findSsoAccount(deps, provider, identity, now);
      if (!user) throw notFound(secondStepTexts.oidcNoAccount(config.name));
      return { created: false, tokens: await ssoSignIn(deps, provider, user, now, who) };
    },
  };
}
