import { z } from 'zod';
import {
  apiPaths,
  changePasswordRequestSchema,
  detailResponseSchema,
  forgotPasswordRequestSchema,
  googleRequestSchema,
  invitationEmailRequestSchema,
  invitationEmailResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  texts,
  problemSchema,
  profileResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  staffTexts,
  tokenResponseSchema,
  type TokenPair,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { currentUserId } from '../http/access.js';
import { clientOf } from '../http/client.js';
import { badRequest, mailUnavailable, notFound, unauthorized } from '../http/problem.js';
import { signAccessToken } from './access-token.js';
import { BackgroundTasks } from './background.js';
import { accountDeactivated, assertPasswordAllowed, type AuthDeps } from './context.js';
import { createSecretBox } from './mfa/secret-box.js';
import { mfaRoutes } from './mfa/routes.js';
import { oidcRoutes } from './oidc/routes.js';
import { passkeyRoutes } from './passkeys/routes.js';
import { createGoogleVerifier } from './google.js';
import { googleLogin, googleRegister } from './google-accounts.js';
import { changePassword, passwordLogin, resetPassword, sendResetLink } from './passwords-flow.js';
import { accountLimiter, perIpLimit } from './rate-limit.js';
import { revokeFamilyOf, rotate } from './refresh-tokens.js';
import { registerAccount, sendSignupCode } from './signup.js';
import { findUsableInvitation } from './invitations.js';
import { findUserById } from '../repositories/users.js';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

const tokens = (pair: TokenPair) => ({ token: { access: pair.access, refresh: pair.refresh } });

const problems = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, problemSchema]));

/**
 * The auth API: sign-up by e-mail code, login, sessions, passwords and Google. Its routes are
 * public; the signed-in user's own (the profile, changing the password) are registered in the
 * signed-in scope by `signedInRoutes`, sharing the same limits.
 */
export function authRoutes(
  app: ZodApp,
  { config, database, mailer, bus }: AppContext,
): { signedInRoutes(scope: ZodApp): void } {
  const db = database.db;
  const secret = config.jwtSecret;
  const deps: AuthDeps = {
    db,
    config,
    mailer,
    log: app.log,
    background: new BackgroundTasks(app.log),
    secrets: createSecretBox(config.mfaEncryptionKey, config.jwtSecret),
  };
  app.addHook('onClose', () => deps.background.drain());

  const limits = config.rateLimits;
  const loginFailures = accountLimiter(app, 'login-failures', limits.loginFailuresPerAccount);
  const signupMails = accountLimiter(app, 'signup-mail', limits.mailPerAddress);
  const resetMails = accountLimiter(app, 'reset-mail', limits.mailPerAddress);
  const google = createGoogleVerifier(config.google);

  app.post(
    apiPaths.sendOtp,
    {
      config: perIpLimit(limits.mailPerIp),
      schema: {
        tags: ['auth'],
        operationId: 'sendSignupCode',
        summary: 'Mail a sign-up code (the same answer whether or not the address has an account)',
        body: sendOtpRequestSchema,
        response: { 200: detailResponseSchema, ...problems(400, 403, 429, 503) },
      },
    },
    async (request) => {
      const { email } = request.body;
      assertPasswordAllowed(config, email);
      // Counted once answered: a mail that could not be sent (503) must not use up the
      // address's retries, or an outage of the mail server would lock it out for the hour.
      await signupMails.check(email);
      await sendSignupCode(deps, email, new Date());
      await signupMails.count(email);
      return { detail: texts.register.otpSent };
    },
  );

  app.post(
    apiPaths.register,
    {
      config: perIpLimit(limits.registerPerIp),
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Create an account with the mailed code, or with an invitation (`invite`)',
        body: registerRequestSchema,
        response: { 201: tokenResponseSchema, ...problems(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      assertPasswordAllowed(config, request.body.email);
      const pair = await registerAccount(deps, request.body, new Date(), clientOf(request));
      return reply.code(201).send(tokens(pair));
    },
  );

  // The address is the invitee's own; the token, a long random secret, is what shows it.
  app.post(
    apiPaths.invitationEmail,
    {
      config: perIpLimit(limits.registerPerIp),
      schema: {
        tags: ['auth'],
        operationId: 'readInvitationEmail',
        summary: 'The e-mail address a usable invitation was sent to, by its token',
        body: invitationEmailRequestSchema,
        response: { 200: invitationEmailResponseSchema, ...problems(400, 404, 429) },
      },
    },
    async (request) => {
      const invitation = await findUsableInvitation(db, request.body.invite, new Date());
      if (!invitation) throw notFound(staffTexts.invitationInvalid);
      return { data: { email: invitation.email } };
    },
  );

  app.post(
    apiPaths.login,
    {
      config: perIpLimit(limits.loginPerIp),
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary:
          'Log in with e-mail and password: the tokens, or an `mfa_token` for the second step; 403 for a deactivated account or an address that must sign in through its school’s provider',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      assertPasswordAllowed(config, email);
      const outcome = await loginFailures.attempt(
        email,
        () => passwordLogin(deps, email, password, new Date(), clientOf(request)),
        (session) => session === null,
      );
      if (!outcome) throw unauthorized(texts.login.failed);
      return outcome.kind === 'session' ? tokens(outcome.tokens) : outcome.challenge;
    },
  );

  const secondStep = mfaRoutes(app, deps, { loginFailures, bus });
  const passkeys = passkeyRoutes(app, deps);
  oidcRoutes(app, deps);

  app.post(
    apiPaths.refresh,
    {
      schema: {
        tags: ['auth'],
        operationId: 'refreshToken',
        summary: 'Exchange a refresh token for a new pair (rotation with reuse detection)',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const now = new Date();
      const rotated = await rotate(db, secret, request.body.refresh, now);
      // A replayed token may be a thief's: the session it belongs to ends everywhere at once.
      if (rotated.kind === 'replayed') bus.publishAccessChange(rotated.session);
      if (rotated.kind === 'deactivated') throw accountDeactivated();
      if (rotated.kind !== 'rotated') throw unauthorized(SESSION_ENDED);
      return {
        access: await signAccessToken(secret, rotated.subject, now),
        refresh: rotated.refresh,
      };
    },
  );

  app.post(
    apiPaths.logout,
    {
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'End the session a refresh token belongs to',
        body: logoutRequestSchema,
        response: { 204: z.null(), ...problems(400) },
      },
    },
    async (request, reply) => {
      const session = await revokeFamilyOf(db, request.body.refresh, new Date());
      if (session) bus.publishAccessChange(session);
      return reply.code(204).send(null);
    },
  );

  app.post(
    apiPaths.forgotPassword,
    {
      config: perIpLimit(limits.mailPerIp),
      schema: {
        tags: ['auth'],
        operationId: 'sendPasswordResetEmail',
        summary:
          'Mail a password reset link (the same answer whether or not the address has an account)',
        body: forgotPasswordRequestSchema,
        response: { 200: detailResponseSchema, ...problems(400, 403, 429, 503) },
      },
    },
    async (request) => {
      const { email } = request.body;
      assertPasswordAllowed(config, email);
      // The mail goes out after the answer, so that known and unknown addresses take the same
      // time; whether the mail server answers at all is checked first, for every address
      // alike, so that a user is not told a link is on its way when none can be. That check
      // comes before the per-address count, so a 503 does not use up a retry.
      try {
        await mailer.verify();
      } catch (error) {
        request.log.warn({ err: error }, 'mail server unreachable: reset link not promised');
        throw mailUnavailable();
      }
      await resetMails.hit(email);
      const now = new Date();
      deps.background.run('password reset mail', () => sendResetLink(deps, email, now));
      return { detail: texts.forgotPassword.sent };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      // The path carries the reset token, so this route is left out of the request log.
      logLevel: 'warn',
      config: perIpLimit(limits.resetPerIp),
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a mailed reset link',
        // The link is checked in the handler so that every bad link gets the same answer.
        params: z.object({ id: z.string(), token: z.string() }),
        body: resetPasswordRequestSchema,
        response: { 200: detailResponseSchema, ...problems(400, 403, 429) },
      },
    },
    async (request) => {
      const link = resetPasswordParamsSchema.safeParse(request.params);
      if (!link.success) throw badRequest(texts.resetPassword.failed);
      const { userId, email } = await resetPassword(
        deps,
        link.data.id,
        link.data.token,
        request.body.password,
        new Date(),
        clientOf(request),
      );
      bus.publishAccessChange({ userId });
      // A lock somebody else caused by sending wrong passwords must not keep the owner out.
      await loginFailures.clear(email);
      return { detail: texts.resetPassword.succeeded };
    },
  );

  app.post(
    apiPaths.google,
    {
      schema: {
        tags: ['auth'],
        operationId: 'loginWithGoogle',
        summary: 'Log in with a Google ID token; 403 for a deactivated account',
        body: googleRequestSchema,
        response: { 200: tokenResponseSchema, ...problems(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const pair = await googleLogin(
        deps,
        google,
        request.body.token,
        new Date(),
        clientOf(request),
      );
      return tokens(pair);
    },
  );

  app.post(
    apiPaths.googleRegister,
    {
      schema: {
        tags: ['auth'],
        operationId: 'registerWithGoogle',
        summary: 'Sign up with a Google ID token (or log in when the account exists)',
        body: googleRequestSchema,
        response: {
          200: tokenResponseSchema,
          201: tokenResponseSchema,
          ...problems(400, 401, 403, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await googleRegister(
        deps,
        google,
        request.body.token,
        new Date(),
        clientOf(request),
      );
      return reply.code(result.created ? 201 : 200).send(tokens(result.tokens));
    },
  );

  return {
    signedInRoutes(scope) {
      secondStep.signedInRoutes(scope);
      passkeys.signedInRoutes(scope);
      scope.get(
        apiPaths.profile,
        {
          schema: {
            tags: ['auth'],
            operationId: 'getProfile',
            summary: 'The signed-in user',
            response: { 200: profileResponseSchema },
          },
        },
        async (request) => {
          const user = await findUserById(db, currentUserId(request));
          if (!user) throw unauthorized(texts.access.authenticationRequired);
          return {
            id: String(user.id),
            email: user.email,
            name: user.name,
            role: user.role,
            status: user.status,
          };
        },
      );

      scope.post(
        apiPaths.changePassword,
        {
          schema: {
            tags: ['auth'],
            operationId: 'changePassword',
            summary: 'Change the password (ends every other session)',
            body: changePasswordRequestSchema,
            response: { 200: tokenResponseSchema, ...problems(400) },
          },
        },
        async (request) => {
          const { current_password, password } = request.body;
          const userId = currentUserId(request);
          const changed = await changePassword(
            deps,
            userId,
            current_password,
            password,
            new Date(),
            clientOf(request),
          );
          // Every stream of the user ends, this tab's too: its token is of the old version.
          bus.publishAccessChange({ userId });
          // Whoever locked the address with wrong passwords, its owner has just proved who they
          // are.
          await loginFailures.clear(changed.email);
          return tokens(changed.tokens);
        },
      );
    },
  };
}
