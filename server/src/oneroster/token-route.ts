import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ONEROSTER_SCOPE,
  oauthErrorSchema,
  oauthTokenRequestSchema,
  oauthTokenResponseSchema,
  rosterPaths,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { issueToken } from './clients.js';

/**
 * POST /api/oauth/token (docs/oneroster.md, "API clients"): RFC 6749's client credentials
 * grant. A client authenticates with HTTP Basic or with `client_id` and `client_secret` in the
 * form (never both), asks for the roster scope or none, and gets a bearer token for an hour.
 * Refusals are RFC 6749's JSON (section 5.2), which OAuth libraries read; too many requests
 * from one address are the app's 429 problem.
 */

type OAuthError = z.infer<typeof oauthErrorSchema>['error'];

class OAuthRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthError,
    description: string,
  ) {
    super(description);
    this.name = 'OAuthRefusal';
  }
}

const FORM = 'application/x-www-form-urlencoded';
/** A token request is a few short parameters. */
const FORM_LIMIT_BYTES = 4_096;

/** The client's id and secret from `Authorization: Basic`, as RFC 6749 2.3.1 encodes them. */
function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const unescape = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
}

export function oAuthTokenRoute(app: ZodApp, { database, config }: AppContext): void {
  const { db } = database;
  // This plugin's one body type is the form: a JSON body is a 415 here, and no other route
  // takes forms.
  void app.register(async (scope: ZodApp) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      FORM,
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => {
        const params = new URLSearchParams(body as string);
        const names = [...params.keys()];
        const repeated = names.find((name, index) => names.indexOf(name) !== index);
        if (repeated) {
          done(new OAuthRefusal(400, 'invalid_request', `${repeated} is sent more than once.`));
          return;
        }
        // RFC 6749 3.2: a parameter sent without a value is treated as left out.
        done(null, Object.fromEntries([...params].filter(([, value]) => value !== '')));
      },
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      const refusal =
        error instanceof OAuthRefusal
          ? error
          : hasZodFastifySchemaValidationErrors(error)
            ? new OAuthRefusal(400, 'invalid_request', 'A parameter of the request is not valid.')
            : error.statusCode === 415
              ? new OAuthRefusal(415, 'invalid_request', `Send the parameters as ${FORM}.`)
              : error.statusCode === 413
                ? new OAuthRefusal(413, 'invalid_request', 'The request is too large.')
                : error.statusCode === 400
                  ? new OAuthRefusal(400, 'invalid_request', 'The request could not be read.')
                  : null;
      // A 429 and the server's own faults are the app's problem JSON.
      if (!refusal) throw error;
      if (refusal.error === 'invalid_client') {
        reply.header('www-authenticate', 'Basic realm="OneRoster"');
      }
      return reply
        .code(refusal.status)
        .type('application/json; charset=utf-8')
        .header('pragma', 'no-cache')
        .send({ error: refusal.error, error_description: refusal.message });
    });

    const limit = config.rateLimits.oauthTokenPerIp;
    scope.post(
      rosterPaths.oauthToken,
      {
        config: {
          rateLimit: { max: limit.max, timeWindow: limit.windowMs },
          errorFormat: oauthErrorSchema,
        },
        schema: {
          tags: ['oneroster'],
          operationId: 'getClientToken',
          summary:
            'An access token for an API client (OAuth 2.0 client credentials, RFC 6749 4.4), lasting an hour',
          body: { content: { [FORM]: { schema: oauthTokenRequestSchema } } },
          response: {
            200: oauthTokenResponseSchema,
            400: oauthErrorSchema.describe(
              'invalid_request, unsupported_grant_type or invalid_scope (RFC 6749 5.2)',
            ),
            401: oauthErrorSchema.describe(
              'invalid_client: an unknown or revoked client, or a wrong secret (`WWW-Authenticate: Basic`)',
            ),
          },
        },
      },
      async (request, reply) => {
        // A request without a body has no parameters; its content type picks no schema.
        const body = (request.body ?? {}) as z.infer<typeof oauthTokenRequestSchema>;
        const basic = basicCredentials(request);
        if (basic && (body.client_id !== undefined || body.client_secret !== undefined)) {
          throw new OAuthRefusal(400, 'invalid_request', 'Authenticate the client one way only.');
        }
        if (body.grant_type === undefined) {
          throw new OAuthRefusal(400, 'invalid_request', 'grant_type is missing.');
        }
        if (body.grant_type !== 'client_credentials') {
          throw new OAuthRefusal(
            400,
            'unsupported_grant_type',
            'Only the client_credentials grant is offered.',
          );
        }
        const scopes = (body.scope ?? ONEROSTER_SCOPE).split(' ').filter(Boolean);
        if (scopes.length === 0 || scopes.some((scope) => scope !== ONEROSTER_SCOPE)) {
          throw new OAuthRefusal(
            400,
            'invalid_scope',
            `The one scope offered is ${ONEROSTER_SCOPE}.`,
          );
        }
        const id = basic?.id ?? body.client_id;
        const secret = basic?.secret ?? body.client_secret;
        const issued =
          id === undefined || secret === undefined ? null : await issueToken(db, id, secret);
        if (!issued) {
          throw new OAuthRefusal(401, 'invalid_client', 'The client could not be authenticated.');
        }
        return reply.header('pragma', 'no-cache').send({
          access_token: issued.accessToken,
          token_type: 'Bearer' as const,
          expires_in: issued.expiresIn,
          scope: ONEROSTER_SCOPE,
        });
      },
    );
  });
}
