import { STATUS_CODES } from 'node:http';
import type { RouteOptions } from 'fastify';
import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema } from '@um/contract';
import { bearerSecurityScheme, operationSecurity } from './access.js';
import { PROBLEM_CONTENT_TYPE } from './problem.js';

/**
 * The OpenAPI document at /docs/json, made from the same zod schemas that validate requests and
 * answers (docs/api.md, "The API document"). Each route states only what is its own: its
 * operationId, summary, input, and the answers only it gives. Everything that follows from
 * facts about the route is derived here, once, so a new route comes out right by itself:
 *
 * - who may call it (`security`, and 401) from the scope it is registered in, 403 from the
 *   role it declares;
 * - 400 from the input it validates, 413 and 415 from the body it takes, 404 from a path
 *   parameter that names a record, 429 (with `Retry-After`) from its rate limit, and
 *   `default` for any other error;
 * - media types: every error answer is `application/problem+json`, a success answer is JSON
 *   unless the route `produces` another type, and a `null` answer (204) has no content;
 * - a request body the schema lets a client leave out is not `required`.
 */

type JsonSchema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers its refusals (every 4xx but 429, the rate limiter's) as JSON of this
     * schema, another standard's error format, instead of problem JSON: OAuth 2.0's for the
     * token endpoint, OneRoster's for its API (decision 0069).
     */
    errorFormat?: z.ZodType;
    /** The security the route's operation states, for routes with an authentication of their own. */
    security?: Record<string, string[]>[];
  }
}

interface Answer {
  description: string;
  /** Whether the route described the answer itself; a derived answer describes one it did not. */
  described: boolean;
  /** Null: the answer has no content. */
  schema: JsonSchema | null;
  headers?: Record<string, JsonSchema>;
}

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
const JSON_TYPE = 'application/json';
/** Marks an operation whose body may be left out, for the document's last pass to apply. */
const OPTIONAL_BODY = 'x-optional-body';

/** What each derived answer means, in the document's words. */
const descriptions: Record<string, string> = {
  400: 'The request is not valid: problem JSON whose `errors` names each field and what is wrong with it.',
  401: 'No valid access token was sent (`WWW-Authenticate: Bearer`): sign in, or refresh the token.',
  403: "The signed-in user's role does not allow this.",
  404: 'No record has that id.',
  413: 'The request body is larger than this operation takes.',
  415: 'The request body is not of a media type this operation takes.',
  429: 'Too many requests: try again after `Retry-After` seconds.',
  default:
    'Any other error, as problem JSON: 503 while the database cannot be reached (with `Retry-After`), 500 for a fault of the server.',
};

const retryAfter = {
  'retry-after': {
    type: 'integer',
    minimum: 0,
    description: 'Seconds to wait before trying again',
  },
};

/** The zod schema of a body given per media type (`{ content: { type: { schema } } }`). */
function bodyByMediaType(body: unknown): Record<string, z.ZodType> | null {
  if (body instanceof z.ZodType || typeof body !== 'object' || body === null) return null;
  const content = (body as { content?: Record<string, { schema: z.ZodType }> }).content;
  if (!content) return null;
  return Object.fromEntries(Object.entries(content).map(([type, { schema }]) => [type, schema]));
}

function isNullSchema(schema: JsonSchema): boolean {
  return (
    schema['type'] === 'null' ||
    (schema['nullable'] === true &&
      Array.isArray(schema['enum']) &&
      schema['enum'].length === 1 &&
      schema['enum'][0] === null)
  );
}

const withoutDescription = ({ description: _description, ...schema }: JsonSchema) => schema;

/**
 * A path or query parameter travels as text; the document gives the value it stands for. A
 * whole number the contract also takes as a string of digits (in a JSON body) is documented as
 * the integer, with its bounds.
 */
function parameterValue(schema: JsonSchema): JsonSchema {
  const branches = schema['anyOf'];
  if (!Array.isArray(branches)) return schema;
  const numeric = (branches as JsonSchema[]).find(
    (branch) => branch['type'] === 'integer' || branch['type'] === 'number',
  );
  const others = (branches as JsonSchema[]).filter((branch) => branch !== numeric);
  if (!numeric || !others.every((branch) => branch['type'] === 'string')) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  return { ...numeric, ...rest };
}

function parametersOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const object = schema as JsonSchema & { properties?: Record<string, JsonSchema> };
  if (!object.properties) return object;
  return {
    ...object,
    properties: Object.fromEntries(
      Object.entries(object.properties).map(([name, value]) => [name, parameterValue(value)]),
    ),
  };
}

/** A path parameter names a record when it is an id (a whole number) or a uuid. */
function namesRecord(params: JsonSchema | undefined): boolean {
  const properties = (params?.['properties'] ?? {}) as Record<string, JsonSchema>;
  return Object.values(properties).some(
    (value) => value['type'] === 'integer' || value['format'] === 'uuid',
  );
}

function declaresRole(route: RouteOptions): boolean {
  // The role a route needs is declared in its config (docs/api.md, "When a route needs a role").
  const config = (route.config ?? {}) as Record<string, unknown>;
  return config['requires'] !== undefined;
}

function isError(status: string): boolean {
  return status === 'default' || Number(status) >= 400;
}

/** The Problem component, and what an answer that is exactly a problem looks like converted. */
const problemDocument = (() => {
  const converted = jsonSchemaTransform({
    schema: { response: { 400: problemSchema } },
    url: '/',
    route: {} as RouteOptions,
    openapiObject: { openapi: '3.0.3' },
  });
  const component = (converted.schema.response as Record<number, JsonSchema>)[400]!;
  return { component, text: JSON.stringify(component) };
})();

/** A zod schema as the document writes it. */
function documented(schema: z.ZodType): JsonSchema {
  const converted = jsonSchemaTransform({
    schema: { response: { 400: schema } },
    url: '/',
    route: {} as RouteOptions,
    openapiObject: { openapi: '3.0.3' },
  });
  return (converted.schema.response as Record<number, JsonSchema>)[400]!;
}

/** A refusal in a route's own error format rather than problem JSON. */
const inOwnFormat = (status: string, route: RouteOptions) =>
  route.config?.errorFormat !== undefined && /^4\d\d$/.test(status) && status !== '429';

function answerOf(status: string, schema: JsonSchema): Answer {
  const described = typeof schema['description'] === 'string';
  const description = described
    ? (schema['description'] as string)
    : (STATUS_CODES[Number(status)] ?? 'Answer');
  if (isNullSchema(schema)) return { description, described, schema: null };
  const bare = withoutDescription(schema);
  const isProblem = JSON.stringify(bare) === problemDocument.text;
  return { description, described, schema: isProblem ? PROBLEM_REF : bare };
}

function render(
  status: string,
  answer: Answer,
  produces: readonly string[],
  route: RouteOptions,
): JsonSchema {
  if (answer.schema === null) return { type: 'null', description: answer.description };
  const types = inOwnFormat(status, route)
    ? [JSON_TYPE]
    : isError(status)
      ? [PROBLEM_CONTENT_TYPE]
      : produces;
  return {
    description: answer.description,
    ...(answer.headers ? { headers: answer.headers } : {}),
    content: Object.fromEntries(types.map((type) => [type, { schema: answer.schema }])),
  };
}

/** The per-route transform of the document (see the top of this file). */
export const documentOperation: SwaggerTransform = (input) => {
  const { route } = input;
  const source = input.schema as Record<string, unknown>;
  const bodyTypes = bodyByMediaType(source['body']);
  const converted = jsonSchemaTransform({
    ...input,
    schema: bodyTypes ? { ...source, body: undefined } : source,
  });
  const schema = converted.schema as Record<string, unknown> | undefined;
  if (!schema || schema['hide']) return converted;

  const body = bodyTypes
    ? {
        content: Object.fromEntries(
          Object.entries(bodyTypes).map(([type, zodSchema]) => [
            type,
            {
              schema: (
                jsonSchemaTransform({ ...input, schema: { body: zodSchema } }).schema as {
                  body: JsonSchema;
                }
              ).body,
            },
          ]),
        ),
      }
    : schema['body'];
  const zodBody = source['body'];
  const bodyOptional = zodBody instanceof z.ZodType && zodBody.safeParse(undefined).success;
  const params = parametersOf(schema['params']);
  const querystring = parametersOf(schema['querystring']);

  const answers = new Map<string, Answer>();
  for (const [status, value] of Object.entries(
    (schema['response'] ?? {}) as Record<string, JsonSchema>,
  )) {
    answers.set(status, answerOf(status, value));
  }
  const ownErrors = route.config?.errorFormat && documented(route.config.errorFormat);
  const derive = (status: string, headers?: Record<string, JsonSchema>) => {
    const declared = answers.get(status);
    const fallback = ownErrors && inOwnFormat(status, route) ? ownErrors : PROBLEM_REF;
    const answer = declared?.described
      ? declared
      : {
          description: descriptions[status]!,
          described: true,
          schema: declared?.schema ?? fallback,
        };
    answers.set(status, headers ? { ...answer, headers } : answer);
  };
  if (body !== undefined || params || querystring) derive('400');
  if (route.config?.signedIn || route.config?.security) derive('401');
  if (declaresRole(route)) derive('403');
  if (namesRecord(params)) derive('404');
  if (body !== undefined) {
    derive('413');
    derive('415');
  }
  if (route.config?.rateLimit || answers.has('429')) derive('429', retryAfter);
  derive('default');

  const produces = (schema['produces'] as readonly string[] | undefined) ?? [JSON_TYPE];
  const response = Object.fromEntries(
    [...answers].map(([status, answer]) => [status, render(status, answer, produces, route)]),
  );
  const { produces: _produces, ...rest } = schema;
  return {
    url: converted.url,
    schema: {
      ...rest,
      ...(body !== undefined ? { body } : {}),
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(bodyOptional ? { [OPTIONAL_BODY]: true } : {}),
      security: route.config?.security ?? operationSecurity(route),
      response,
    },
  };
};

type Operation = { requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: boolean };

/** The document's last pass: the Problem component, and bodies a client may leave out. */
export const documentObject: SwaggerTransformObject = (input) => {
  if (!('openapiObject' in input)) throw new Error('The API document is OpenAPI 3.');
  const { openapiObject } = input;
  const document = openapiObject as {
    components?: { schemas?: Record<string, unknown> };
    paths?: Record<string, Record<string, Operation>>;
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!operation[OPTIONAL_BODY]) continue;
      delete operation[OPTIONAL_BODY];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  }
  return {
    ...openapiObject,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, Problem: problemDocument.component },
    },
  };
};

/** The document's settings: who it describes, where the API is, and how it is made. */
export function openApiOptions(
  appUrl: string,
  securitySchemes: Record<string, unknown> = {},
): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'User Management API',
        version: '2.0.0',
        description:
          'Students, standards and the staff inbox of one school. Every error is RFC 9457 problem JSON (`application/problem+json`). Paths answer with and without their trailing slash.',
      },
      servers: [{ url: new URL(appUrl).origin, description: 'This deployment (APP_URL)' }],
      components: { securitySchemes: { bearer: bearerSecurityScheme, ...securitySchemes } },
    },
    transform: documentOperation,
    transformObject: documentObject,
  };
}
