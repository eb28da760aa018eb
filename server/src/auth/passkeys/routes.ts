import { z } from 'zod';
import {
  passkeyCreateRequestSchema,
  passkeyListResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyParamsSchema,
  passkeyResponseSchema,
  passkeySignInRequestSchema,
  problemSchema,
  secondStepPaths,
  secondStepTexts,
  tokenResponseSchema,
} from '@um/contract';
import type { ZodApp } from '../../app-context.js';
import { currentUserId } from '../../http/access.js';
import { notFound } from '../../http/problem.js';
import { clientOf } from '../../http/client.js';
import type { AuthDeps } from '../context.js';
import { perIpLimit } from '../rate-limit.js';
import { findUserById } from '../../repositories/users.js';
import {
  addPasskey,
  listPasskeys,
  passkeySignIn,
  registrationOptions,
  removePasskey,
  signInOptions,
} from './passkeys.js';

const tags = ['second step'];

/** Passkeys: signing in with one, and a person's own list of them (docs/auth.md, "Passkeys"). */
export function passkeyRoutes(
  app: ZodApp,
  deps: AuthDeps,
): { signedInRoutes(scope: ZodApp): void } {
  const limits = deps.config.rateLimits;

  app.post(
    secondStepPaths.passkeySignInOptions,
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags,
        operationId: 'getPasskeySignInOptions',
        summary: 'A challenge for signing in with a passkey (any passkey of this site)',
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async () => ({ options: await signInOptions(deps, new Date()) }),
  );

  app.post(
    secondStepPaths.passkeySignIn,
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags,
        operationId: 'signInWithPasskey',
        summary:
          'Sign in with a passkey (it counts as both steps); 403 for a deactivated account or an address that must sign in through its school’s provider',
        body: passkeySignInRequestSchema,
        response: {
          200: tokenResponseSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
        },
      },
    },
    async (request) => ({
      token: await passkeySignIn(deps, request.body.credential, new Date(), clientOf(request)),
    }),
  );

  return {
    signedInRoutes(scope) {
      scope.get(
        secondStepPaths.passkeys,
        {
          schema: {
            tags,
            operationId: 'listPasskeys',
            summary: "The caller's passkeys, oldest first",
            response: { 200: passkeyListResponseSchema },
          },
        },
        async (request) => ({ data: await listPasskeys(deps.db, currentUserId(request)) }),
      );

      scope.post(
        secondStepPaths.passkeyOptions,
        {
          schema: {
            tags,
            operationId: 'getPasskeyRegistrationOptions',
            summary: 'A challenge for adding a passkey to the caller’s account',
            response: { 200: passkeyOptionsResponseSchema, 409: problemSchema },
          },
        },
        async (request) => ({
          options: await registrationOptions(deps, currentUserId(request), new Date()),
        }),
      );

      scope.post(
        secondStepPaths.passkeys,
        {
          schema: {
            tags,
            operationId: 'addPasskey',
            summary: 'Add a passkey, named, with the browser’s answer to the challenge',
            body: passkeyCreateRequestSchema,
            response: { 201: passkeyResponseSchema, 400: problemSchema },
          },
        },
        async (request, reply) => {
          const passkey = await addPasskey(
            deps,
            currentUserId(request),
            request.body.name,
            request.body.credential,
            new Date(),
            clientOf(request),
          );
          return reply.code(201).send({ data: passkey });
        },
      );

      scope.delete(
        secondStepPaths.passkey,
        {
          schema: {
            tags,
            operationId: 'removePasskey',
            summary: 'Remove one of the caller’s passkeys',
            params: passkeyParamsSchema,
            response: {
              204: z.null(),
              400: problemSchema,
              404: problemSchema,
              409: problemSchema.describe('The role must use a second step and this is the last'),
            },
          },
        },
        async (request, reply) => {
          const user = await findUserById(deps.db, currentUserId(request));
          if (!user) throw notFound(secondStepTexts.passkeyNotFound);
          await removePasskey(deps, user, request.params.id, new Date(), clientOf(request));
          return reply.code(204).send(null);
        },
      );
    },
  };
}
