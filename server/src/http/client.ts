import type { FastifyRequest } from 'fastify';

/** Where a request comes from, as a person's signed-in devices and activity show it. */
export interface Client {
  ip: string;
  userAgent: string;
}

export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
