import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the handler serialised itself (a cached answer, checked against the route's
 * response schema when it was made). Fastify passes a string or bytes with a JSON content type
 * through unchanged.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
