import fastJsonStringify from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<z.ZodType>>[0];

/**
 * Answers are written by fast-json-stringify from the route's response schema, turned into JSON
 * Schema once per route, rather than checked against zod again field by field after the
 * handler has just shaped it and then given to JSON.stringify (decision 0022). The schema still
 * decides what is
 * written: a property it does not name is left out, and one it requires and the answer lacks
 * is an error.
 *
 * A schema that JSON Schema cannot express (a transform on the way out) keeps zod's serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let jsonSchema;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route as RouteSchema);
  }
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
};
