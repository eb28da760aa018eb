import { z } from 'zod';
import {
  loginTotpConfirmRequestSchema,
  loginTotpConfirmResponseSchema,
  mfaLoginRequestSchema,
  mfaStatusResponseSchema,
  mfaTokenRequestSchema,
  passwordConfirmationSchema,
  problemSchema,
  recoveryCodesResponseSchema,
  secondStepPaths,
  secondStepTexts,
  securitySettingsResponseSchema,
  securitySettingsUpdateSchema,
  staffSecondStepParamsSchema,
  tokenResponseSchema,
  totpConfirmRequestSchema,
  totpSetupResponseSchema,
} from '@um/contract';
import type { ZodApp } from '../../app-context.js';
import type { EventBus } from '../../events/bus.js';
import { currentUserId } from '../../http/access.js';
import { unauthorized } from '../../http/problem.js';
import { clientOf } from '../../http/client.js';
import type { AuthDeps } from '../context.js';
import { perIpLimit, type AccountLimiter } from '../rate-limit.js';
import { findUserById } from '../../repositories/users.js';
import {
  answerChallenge,
  beginEnrolment,
  beginProfileSetup,
  challengeOf,
  completeEnrolment,
  confirmProfileSetup,
  disableTotp,
  mfaStatus,
  renewRecoveryCodes,
} from './flows.js';
import { resetSecondStep } from './reset.js';
import { saveRequiredRoles, securitySettings } from './second-steps.js';

const tags = ['second step'];

const problems = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, problemSchema]));

const codeRejected = () => unauthorized(secondStepTexts.codeRejected);

/**
 * The second step (docs/auth.md, "Second step"): answering it after the password, setting an
 * authenticator app up (from the profile, or right after the password when the role needs
 * one), turning it off, recovery codes, which roles must have a second step, and an admin's
 * reset of a colleague's. Wrong codes count against the account like wrong passwords.
 */
export function mfaRoutes(
  app: ZodApp,
  deps: AuthDeps,
  { loginFailures, bus }: { loginFailures: AccountLimiter; bus: EventBus },
): { signedInRoutes(scope: ZodApp): void } {
  const limits = deps.config.rateLimits;

  app.post(
    secondStepPaths.loginMfa,
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags,
        operationId: 'answerSecondStep',
        summary:
          'Finish a password sign-in with a code from the authenticator app or a recovery code',
        body: mfaLoginRequestSchema,
        response: { 200: tokenResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const now = new Date();
      const pending = await challengeOf(deps, request.body.mfa_token, 'sign_in', now);
      const tokens = await loginFailures.attempt(
        pending.user.email,
        () => answerChallenge(deps, pending, request.body, now, clientOf(request)),
        (answer) => answer === null,
      );
      if (!tokens) throw codeRejected();
      return { token: tokens };
    },
  );

  app.post(
    secondStepPaths.loginTotpSetup,
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags,
        operationId: 'beginRequiredTotpSetup',
        summary:
          'For a sign-in whose role must use a second step it has not set up: a new authenticator secret',
        body: mfaTokenRequestSchema,
        response: { 200: totpSetupResponseSchema, ...problems(400, 401, 403, 409, 429) },
      },
    },
    async (request) => beginEnrolment(deps, request.body.mfa_token, new Date()),
  );

  app.post(
    secondStepPaths.loginTotpConfirm,
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags,
        operationId: 'confirmRequiredTotpSetup',
        summary:
          'Turn the authenticator on with its first code and finish the sign-in: the tokens and the recovery codes, shown once',
        body: loginTotpConfirmRequestSchema,
        response: { 200: loginTotpConfirmResponseSchema, ...problems(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const now = new Date();
      const { mfa_token, code } = request.body;
      const { user } = await challengeOf(deps, mfa_token, 'enrolment', now);
      const done = await loginFailures.attempt(
        user.email,
        () => completeEnrolment(deps, mfa_token, code, now, clientOf(request)),
        (answer) => answer === null,
      );
      if (!done) throw codeRejected();
      return { token: done.tokens, recovery_codes: done.recoveryCodes };
    },
  );

  return {
    signedInRoutes(scope) {
      scope.get(
        secondStepPaths.mfa,
        {
          schema: {
            tags,
            operationId: 'getSecondStep',
            summary: "The caller's second steps, and whether their role must use one",
            response: { 200: mfaStatusResponseSchema },
          },
        },
        async (request) => ({ data: await mfaStatus(deps, currentUserId(request)) }),
      );

      scope.post(
        secondStepPaths.totpSetup,
        {
          schema: {
            tags,
            operationId: 'beginTotpSetup',
            summary:
              'Start setting up an authenticator app: a new secret, which its first code confirms',
            response: { 200: totpSetupResponseSchema, 409: problemSchema },
          },
        },
        async (request) => beginProfileSetup(deps, currentUserId(request), new Date()),
      );

      scope.post(
        secondStepPaths.totpConfirm,
        {
          schema: {
            tags,
            operationId: 'confirmTotpSetup',
            summary:
              'Turn the authenticator app on with its first code: the 10 recovery codes, shown once',
            body: totpConfirmRequestSchema,
            response: { 200: recoveryCodesResponseSchema, ...problems(400, 409) },
          },
        },
        async (request) => ({
          recovery_codes: await confirmProfileSetup(
            deps,
            currentUserId(request),
            request.body.code,
            new Date(),
            clientOf(request),
          ),
        }),
      );

      scope.post(
        secondStepPaths.totpDisable,
        {
          schema: {
            tags,
            operationId: 'disableTotp',
            summary:
              'Turn the authenticator app off (with the password); its recovery codes go too',
            body: passwordConfirmationSchema,
            response: { 204: z.null(), ...problems(400, 409) },
          },
        },
        async (request, reply) => {
          await disableTotp(
            deps,
            currentUserId(request),
            request.body.password,
            new Date(),
            clientOf(request),
          );
          return reply.code(204).send(null);
        },
      );

      scope.post(
        secondStepPaths.recoveryCodes,
        {
          schema: {
            tags,
            operationId: 'renewRecoveryCodes',
            summary:
              'A new set of 10 recovery codes (with the password); the old ones stop working',
            body: passwordConfirmationSchema,
            response: { 200: recoveryCodesResponseSchema, ...problems(400, 409) },
          },
        },
        async (request) => ({
          recovery_codes: await renewRecoveryCodes(
            deps,
            currentUserId(request),
            request.body.password,
            new Date(),
          ),
        }),
      );

      scope.get(
        secondStepPaths.securitySettings,
        {
          config: { requires: 'staff:manage' },
          schema: {
            tags,
            operationId: 'getSecuritySettings',
            summary: 'Which roles must use a second step',
            response: { 200: securitySettingsResponseSchema },
          },
        },
        async () => ({ data: await securitySettings(deps.db) }),
      );

      scope.put(
        secondStepPaths.securitySettings,
        {
          config: { requires: 'staff:manage' },
          schema: {
            tags,
            operationId: 'updateSecuritySettings',
            summary:
              'Choose which roles must use a second step: their next password sign-in sets one up',
            body: securitySettingsUpdateSchema,
            response: { 200: securitySettingsResponseSchema, 400: problemSchema },
          },
        },
        async (request) => {
          const actor = await findUserById(deps.db, currentUserId(request));
          await saveRequiredRoles(
            deps.db,
            request.body.mfa_required_roles,
            { id: currentUserId(request), name: actor?.name || actor?.email || '' },
            new Date(),
          );
          return { data: await securitySettings(deps.db) };
        },
      );

      scope.delete(
        secondStepPaths.staffSecondStep,
        {
          config: { requires: 'staff:manage' },
          schema: {
            tags: ['staff'],
            operationId: 'resetStaffMemberSecondStep',
            summary:
              "Reset a colleague's second step (a lost phone): it goes, they are signed out everywhere and mailed",
            params: staffSecondStepParamsSchema,
            response: {
              204: z.null(),
              400: problemSchema,
              404: problemSchema,
              409: problemSchema.describe('The account has no second step'),
            },
          },
        },
        async (request, reply) => {
          await resetSecondStep(
            deps,
            {
              userId: request.params.id,
              actorId: currentUserId(request),
              client: clientOf(request),
            },
            new Date(),
          );
          bus.publishAccessChange({ userId: request.params.id });
          return reply.code(204).send(null);
        },
      );
    },
  };
}
