import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { CODE_JUST_SENT_PROBLEM_TYPE, type Problem } from '@um/contract';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const problemTypes = {
  validation: 'urn:problem-type:validation-error',
  conflict: 'urn:problem-type:conflict',
  /** A conflict of its own kind: the record changed since the client read it. */
  editConflict: 'urn:problem-type:conflict/edit-conflict',
  rateLimited: 'urn:problem-type:rate-limited',
  /** A rate limit of its own kind: a sign-up code went to the address within the last minute. */
  codeJustSent: CODE_JUST_SENT_PROBLEM_TYPE,
  unavailable: 'urn:problem-type:service-unavailable',
} as const;

export interface ProblemOptions {
  type?: string;
  title?: string;
  errors?: Record<string, string[]>;
  headers?: Record<string, string>;
  /** Members of the problem beyond RFC 9457's own, such as an edit conflict's `current`. */
  extensions?: Record<string, unknown>;
}

/**
 * The one error a handler throws to answer with a status other than 5xx. The error handler
 * turns it into RFC 9457 problem JSON; its detail is written for the person using the app.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly options: ProblemOptions = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export function problem(status: number, detail: string, options: ProblemOptions = {}): Problem {
  return {
    type: options.type ?? 'about:blank',
    title: options.title ?? STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(options.errors ? { errors: options.errors } : {}),
  };
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  options: ProblemOptions = {},
): FastifyReply {
  if (options.headers) reply.headers(options.headers);
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send({
      ...options.extensions,
      ...problem(status, detail, options),
      instance: reply.request.url.split('?')[0],
    });
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(409, detail, { type: problemTypes.conflict, ...(errors ? { errors } : {}) });
/** A save naming a version that is no longer current; `current` is the record as it is now. */
export const editConflict = (detail: string, current: unknown) =>
  new HttpError(409, detail, {
    type: problemTypes.editConflict,
    title: 'Edit conflict',
    extensions: { current },
  });
export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, {
    type: problemTypes.validation,
    title: 'Validation failed',
    ...(errors ? { errors } : {}),
  });
export const unauthorized = (detail: string) => new HttpError(401, detail);
export const mailUnavailable = () =>
  new HttpError(503, 'The email could not be sent. Please try again in a moment.', {
    type: problemTypes.unavailable,
  });
