import Fastify, { type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppContext } from './app-context.js';
import type { Config } from './config.js';
import { createDatabase, type DatabaseHandle } from './db/database.js';
import { signedInScope } from './http/access.js';
import {
  answerOptions,
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
} from './http/errors.js';
import { openApiOptions } from './http/openapi.js';
import { noStore, registerSecurityHeaders, securityHeaders } from './http/security.js';
import { responseSerializerCompiler } from './http/serializer.js';
import { registerWebApp } from './http/web-app.js';
import { healthRoutes } from './health/routes.js';
import { clientConfigRoutes } from './client-config/routes.js';
import { standardsRoutes } from './standards/routes.js';
import { studentsRoutes } from './students/record/routes.js';
import { studentTransferRoutes } from './students/imports/routes.js';
import { batchRoutes } from './students/batches/routes.js';
import { unreadCountsOf } from './repositories/messages.js';
import { messagesRoutes } from './messages/routes.js';
import { binRoutes } from './bin/routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { namingTheSchool } from './mail/school.js';
import { createEventBus } from './events/bus.js';
import {
  liveUpdateRoutes,
  type LiveUpdateOptions,
  type LiveUpdateSources,
} from './events/routes.js';
import { authRoutes } from './auth/routes.js';
import { staffRoutes } from './staff/routes.js';
import { readAccessToken } from './auth/access-token.js';
import { checkAccess } from './auth/access.js';
import { requireUser } from './auth/guard.js';
import { registerRateLimiting } from './auth/rate-limit.js';
import { oneRosterAdminRoutes } from './oneroster/routes.js';
import { oneRosterRestRoutes, oneRosterSecurityScheme } from './oneroster/rest-routes.js';
import { oAuthTokenRoute } from './oneroster/token-route.js';

export interface AppOverrides {
  /** A database the caller owns (tests, main); otherwise one is opened and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  liveUpdates?: LiveUpdateOptions;
}

const BODY_LIMIT_BYTES = 100 * 1024;
/** How often Node looks for requests over their time limit; its default is 30 seconds. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Builds the whole HTTP application from a configuration, without listening and without
 * touching anything global, so main.ts and every test build the very same app.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const headers = securityHeaders(config.env);
  const app = Fastify({
    logger: overrides.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: BODY_LIMIT_BYTES,
    // REQUEST_TIMEOUT_SECONDS bounds how long a client may take to send its whole request,
    // headers and body: Node then answers 408 (clientErrorHandler) and closes the connection.
    // It ends once the request has arrived, so a long-lived answer (the event stream) is not
    // cut; no socket idle timeout is set, for the same reason and so that keep-alive
    // connections stay open as long as a load balancer expects.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, config.requestTimeoutMs),
    },
    // A hop count trusts that many proxies in front, as proxy-addr counts them.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    return503OnClosing: true,
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const database = overrides.database ?? createDatabase(config.database);
  if (!overrides.database) app.addHook('onClose', () => database.destroy());
  const mailer = namingTheSchool(
    overrides.mailer ?? createMailer(config, app.log),
    config.schoolName,
  );
  if (!overrides.mailer) app.addHook('onClose', () => mailer.close());
  const eventBus = createEventBus(config.database, database.db, app.log);
  app.addHook('onClose', () => eventBus.close());
  app.addHook('onReady', () => eventBus.started);
  const context: AppContext = { config, database, mailer, bus: eventBus };

  const webAppFallback = config.webDistDir
    ? await registerWebApp(app, config.webDistDir)
    : undefined;
  const routeTable = registerErrorHandling(app, webAppFallback);

  registerSecurityHeaders(app, headers);
  answerOptions(app, routeTable.allowedMethods);
  // A list, not a string: with a string every answer named APP_URL as allowed, whatever origin
  // asked; with a list, only APP_URL's own requests get the header.
  await app.register(cors, { origin: [new URL(config.appUrl).origin], credentials: false });

  await app.register(
    swagger,
    openApiOptions(config.appUrl, oneRosterSecurityScheme(config.appUrl)),
  );
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  await registerRateLimiting(app, config);

  // What the signed-in scope and the event stream take from the auth and inbox features, so
  // that neither layer imports a feature.
  const authenticate = requireUser(database, config.jwtSecret);
  const liveUpdateSources: LiveUpdateSources = {
    unreadCounts: (userIds) => unreadCountsOf(database.db, userIds),
    sessionOf: (token) => {
      const claims = readAccessToken(config.jwtSecret, token);
      return claims && { sessionId: claims.sessionId, expiresAtMs: claims.expiresAt * 1000 };
    },
    stillGranted: async (token) => (await checkAccess(database, config.jwtSecret, token)) !== null,
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(async (scope) => {
    // Every API answer, from its first hook on: students, standards, the inbox, the profile
    // and tokens are personal data that no browser or proxy may keep.
    scope.addHook('onRequest', noStore);
    // Public: anyone may call these.
    healthRoutes(scope, context);
    clientConfigRoutes(scope, context);
    const auth = authRoutes(scope, context);
    // OneRoster's token endpoint, and its API, which API clients' tokens open, not sign-in.
    oAuthTokenRoute(scope, context);
    await scope.register(async (rest) => oneRosterRestRoutes(rest, context));
    // Every other route needs a signed-in user (docs/api.md, "Access").
    await scope.register(
      signedInScope(authenticate, (signedIn) => {
        // First: its hook publishes the changes of the write routes registered after it.
        liveUpdateRoutes(signedIn, eventBus, liveUpdateSources, overrides.liveUpdates);
        auth.signedInRoutes(signedIn);
        staffRoutes(signedIn, context);
        standardsRoutes(signedIn, context);
        studentsRoutes(signedIn, context);
        studentTransferRoutes(signedIn, context);
        batchRoutes(signedIn, context);
        messagesRoutes(signedIn, context);
        binRoutes(signedIn, context);
        oneRosterAdminRoutes(signedIn, context);
      }),
    );
  });

  return app;
}
