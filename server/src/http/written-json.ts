import type { FastifyReply } from 'fastify';

/**
 * JSON already written (by the database), standing for a value of type `Value`: the answer's
 * schema still describes it in the API's documentation, and the tests check it against that
 * schema, but it is sent as it is rather than serialized again.
 */
export class WrittenJson<Value> {
  /** Only for the type checker: the value the text stands for. */
  declare readonly value?: Value;

  constructor(readonly text: string) {}
}

/**
 * Sends `json` as the answer. Its type must be one the route may answer with, so a route
 * cannot send a page of one resource where its schema promises another.
 */
export function sendWrittenJson<Value>(
  reply: { send(payload?: Value): unknown },
  json: WrittenJson<Value>,
): FastifyReply {
  // A string with a JSON content type is sent as it is, past the route's serializer.
  return (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(json.text);
}
