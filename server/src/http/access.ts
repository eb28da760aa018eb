import type { FastifyRequest, RouteOptions } from 'fastify';
import { problemSchema, staffTexts, type Role } from '@um/contract';
import type { ZodApp } from '../app-context.js';
import { HttpError } from './problem.js';

/**
 * Who may call a route (docs/api.md, "Access"). A route is public, or it is registered in the
 * signed-in scope, whose one `onRequest` hook authenticates every request before anything else
 * of the route runs: an anonymous caller learns nothing, not even how a body is checked. The
 * scope also gives each of its routes the 401 answer, and the OpenAPI document derives every
 * operation's `security` from where the route was registered. No route repeats any of it.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the signed-in scope's authentication. */
    userId?: number;
    /** The signed-in user's role as the database holds it now, set with `userId`. */
    userRole?: Role;
    /** The session (refresh family) the request's access token belongs to. */
    sessionId?: string;
  }
  interface FastifyContextConfig {
    /** Set on every route of the signed-in scope. */
    signedIn?: true;
    /** The permission the route needs beyond being signed in (docs/api.md, "Roles"). */
    requires?: Permission;
  }
}

/**
 * Which role holds which permission: the one table every authorization decision reads. A route
 * names the permission it needs in its config (`requires`); no handler looks at a role.
 * - `records:write`: every write to students, standards, the bin, imports and batches.
 * - `records:erase`: erasing a student from the bin at once, before the purge would.
 * - `staff:manage`: the staff list, roles, deactivation, invitations, others' activity.
 * - `roster:share`: the OneRoster export, the API clients and the log of who received what.
 */
const permissions = {
  'records:write': ['admin', 'staff'],
  'records:erase': ['admin'],
  'staff:manage': ['admin'],
  'roster:share': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

/** Whether a role holds a permission. */
export function roleHolds(role: Role, permission: Permission): boolean {
  return (permissions[permission] as readonly Role[]).includes(role);
}

/**
 * The scope's authorization (onRequest, after authentication): a route that `requires` a
 * permission the signed-in user's role does not hold answers 403 before its body is read.
 */
async function authorize(request: FastifyRequest): Promise<void> {
  const required = request.routeOptions.config.requires;
  if (required === undefined) return;
  if (request.userRole === undefined || !roleHolds(request.userRole, required)) {
    throw new HttpError(403, staffTexts.forbidden);
  }
}

/** The OpenAPI security scheme of a signed-in request: its access token as a bearer token. */
export const bearerSecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
} as const;

/**
 * A plugin whose routes, all registered by `routes`, need a signed-in user: `authenticate`
 * admits a request or throws the 401 problem, and sets `request.userId` and `userRole`; then
 * `authorize` checks the permission the route `requires`, if any (403).
 */
export function signedInScope(
  authenticate: (request: FastifyRequest) => Promise<void>,
  routes: (scope: ZodApp) => void,
) {
  return async function signedIn(scope: ZodApp): Promise<void> {
    scope.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...route.config, signedIn: true };
      const requires = route.config.requires === undefined ? {} : { 403: problemSchema };
      route.schema = {
        ...route.schema,
        response: {
          ...(route.schema?.response as object | undefined),
          401: problemSchema,
          ...requires,
        },
      };
    });
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', authorize);
    routes(scope);
  };
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The bearer token a request carries, or '' when it carries none. */
export function bearerToken(request: FastifyRequest): string {
  return BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
}

/** The session the signed-in request belongs to, in a handler of the signed-in scope. */
export function currentSessionId(request: FastifyRequest): string {
  if (request.sessionId === undefined) throw new Error('The route is not in the signed-in scope.');
  return request.sessionId;
}

/** The signed-in user's id, in a handler of the signed-in scope. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw new Error('The route is not in the signed-in scope.');
  return request.userId;
}

/**
 * The OpenAPI `security` of a route's operation: the bearer token in the signed-in scope, none
 * (`[]`) outside it.
 */
export function operationSecurity(route: RouteOptions): { bearer: string[] }[] {
  return route.config?.signedIn ? [{ bearer: [] }] : [];
}
