import {
  oidcCallbackRequestSchema,
  oidcStartRequestSchema,
  oidcStartResponseSchema,
  problemSchema,
  secondStepPaths,
  tokenResponseSchema,
} from '@um/contract';
import type { ZodApp } from '../../app-context.js';
import { clientOf } from '../../http/client.js';
import type { AuthDeps } from '../context.js';
import { perIpLimit } from '../rate-limit.js';
import { createOidcClient, oidcNotConfigured } from './oidc.js';

const tags = ['auth'];

/**
 * Sign-in through the school's OpenID provider (docs/auth.md, "OpenID Connect"): `start` gives
 * the provider's address to send the browser to; the web app's callback page passes back what
 * the provider sent, and `callback` answers with the usual tokens. Both answer 503 when no
 * provider is configured or it cannot be reached.
 */
export function oidcRoutes(app: ZodApp, deps: AuthDeps): void {
  const oidc = createOidcClient(deps.config.oidc, deps.config.appUrl);
  const limit = perIpLimit(deps.config.rateLimits.loginPerIp);

  app.post(
    secondStepPaths.oidcStart,
    {
      config: limit,
      schema: {
        tags,
        operationId: 'startOidcSignIn',
        summary: "Start a sign-in (or sign-up) through the school's OpenID provider",
        body: oidcStartRequestSchema,
        response: { 200: oidcStartResponseSchema, 400: problemSchema, 503: problemSchema },
      },
    },
    async (request) => {
      if (!oidc) throw oidcNotConfigured();
      return oidc.start(deps, request.body.intent, new Date());
    },
  );

  app.post(
    secondStepPaths.oidcCallback,
    {
      config: limit,
      schema: {
        tags,
        operationId: 'finishOidcSignIn',
        summary:
          "Finish a sign-in through the school's OpenID provider with what it sent back: the tokens (201 for a new account); 404 when a sign-in finds no account",
        body: oidcCallbackRequestSchema,
        response: {
          200: tokenResponseSchema,
          201: tokenResponseSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request, reply) => {
      if (!oidc) throw oidcNotConfigured();
      const result = await oidc.finish(deps, request.body, new Date(), clientOf(request));
      return reply.code(result.created ? 201 : 200).send({ token: result.tokens });
    },
  );
}
