import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationTexts } from '@um/contract';
import { isDatabaseUnavailable } from '../db/errors.js';
import { InvalidCursor } from '../db/paging.js';
import { HttpError, PROBLEM_CONTENT_TYPE, problem, problemTypes, sendProblem } from './problem.js';

/** OPTIONS is left out: CORS answers preflights for every path, which says nothing about routes. */
const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Human field name for a validation issue path such as `body.grade_level` or `querystring`. */
function fieldName(instancePath: string, params: Record<string, unknown> | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  const keys = params?.['keys'];
  if (Array.isArray(keys) && keys.length > 0) return keys.join(',');
  return '_';
}

/**
 * Fastify's own refusals of a body, in words for the person who sent it; their own messages are
 * written for developers.
 */
const bodyRefusals: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return sendProblem(reply, error.status, error.detail, error.options);
  }

  if (error instanceof InvalidCursor) {
    return sendProblem(reply, 400, error.message, {
      type: problemTypes.validation,
      title: 'Validation failed',
      errors: { cursor: [error.message] },
    });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    // The client names the keys (unknown fields are reported by name): with a plain object,
    // a field called "constructor" or "__proto__" reached Object.prototype and broke the answer.
    const errors: Record<string, string[]> = Object.create(null);
    for (const issue of error.validation) {
      const params = issue.params as Record<string, unknown> | undefined;
      const key = fieldName(issue.instancePath, params);
      // The contract words every issue (its texts, or its error map for the rest).
      (errors[key] ??= []).push(issue.message ?? validationTexts.invalid([]));
    }
    const detail = [...new Set(Object.values(errors).flat())].join(' ');
    return sendProblem(reply, 400, detail, {
      type: problemTypes.validation,
      title: 'Validation failed',
      errors,
    });
  }

  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendProblem(reply, 503, 'The service is temporarily unavailable. Please try again.', {
      type: problemTypes.unavailable,
      headers: { 'retry-after': '5' },
    });
  }

  const status = error.statusCode ?? 500;
  if (status === 429) {
    return sendProblem(reply, 429, 'Too many requests. Please wait and try again.', {
      type: problemTypes.rateLimited,
    });
  }
  if (status >= 400 && status < 500) {
    const detail =
      error instanceof SyntaxError
        ? bodyRefusals['FST_ERR_CTP_INVALID_JSON_BODY']!
        : (bodyRefusals[error.code] ?? 'The request could not be read.');
    return sendProblem(reply, status, detail);
  }

  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(reply, 500, 'An unexpected error occurred. Please try again.');
}

/**
 * RFC 9457 problem JSON for every error, including routes that do not exist (404) and
 * methods a route does not take (405 with Allow). A fallback handler (the web app's
 * index.html) may claim unknown GET paths first.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
): { allowedMethods(path: string): HTTPMethod[] } {
  const routes = FindMyWay({ ignoreTrailingSlash: true });
  const allowedMethods = (path: string) =>
    METHODS.filter((method) => routes.find(method, path) !== null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (
        METHODS.includes(method as HTTPMethod) &&
        !routes.hasRoute(method as HTTPMethod, route.url)
      ) {
        routes.on(method as HTTPMethod, route.url, () => undefined);
      }
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    try {
      return handleError(error, request, reply);
    } catch (failure) {
      // Fastify's fallback would answer with the failure's message, which is no problem JSON
      // and may describe the code.
      request.log.error({ err: failure, cause: error }, 'error handler failed');
      return sendProblem(reply, 500, 'An unexpected error occurred. Please try again.');
    }
  });

  app.setNotFoundHandler((request, reply) => {
    // Unknown paths answer outside the API's scope, whose hook sends no-store; a 404 or 405
    // names the path asked for, which may carry what was typed into it.
    reply.header('cache-control', 'no-store');
    const handled = fallback?.(request, reply);
    if (handled) return handled;
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      return sendProblem(reply, 405, `${request.method} is not allowed on ${path}.`, {
        headers: { allow: allowed.join(', ') },
      });
    }
    return sendProblem(reply, 404, `No resource at ${path}.`);
  });

  return { allowedMethods };
}

/**
 * OPTIONS that is not a CORS preflight (one without `Origin` or without
 * `Access-Control-Request-Method`) asks what a path allows (RFC 9110, 9.3.7): `204` with `Allow`,
 * or the 404 problem of a path that does not exist (decision 0047). Preflights are left to CORS,
 * whose own answer to any other OPTIONS was a `400` in plain text. Registered before CORS, after
 * the security headers.
 */
export function answerOptions(
  app: FastifyInstance,
  allowedMethods: (path: string) => HTTPMethod[],
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const preflight =
      request.headers.origin !== undefined &&
      request.headers['access-control-request-method'] !== undefined;
    if (request.method !== 'OPTIONS' || preflight) return done();
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    if (allowed.length === 0) {
      void sendProblem(reply, 404, `No resource at ${path}.`);
      return;
    }
    void reply
      .code(204)
      .header('allow', [...allowed, 'OPTIONS'].join(', '))
      .send();
  });
}

/**
 * Fastify's own refusals before a route is found (a path that is not valid percent-encoding, a
 * path parameter over the router's length limit), as problem JSON like every other error. No
 * hook runs for them, so they get the security headers here.
 */
export function frameworkErrors(securityHeaders: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(securityHeaders);
    if (error.code === 'FST_ERR_BAD_URL') {
      return sendProblem(reply, 400, 'The request path is not a valid URL.');
    }
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return sendProblem(reply, 414, 'A part of the request path is too long.');
    }
    request.log.error({ err: error }, 'unhandled framework error');
    return sendProblem(reply, 500, 'An unexpected error occurred. Please try again.');
  };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 kB, a broken
 * request line), answered as problem JSON on the raw socket, which is then closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify(problem(status, detail));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
