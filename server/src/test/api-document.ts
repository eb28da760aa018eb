/** The parts of the OpenAPI document (/docs/json) that the tests of the document read. */

export interface SchemaObject {
  $ref?: string;
  type?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  required?: string[];
  properties?: Record<string, SchemaObject>;
  description?: string;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { schema: SchemaObject }>;
  content?: Record<string, MediaTypeObject>;
}

export interface ParameterObject {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: SchemaObject;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
}

export interface ApiDocument {
  openapi: string;
  servers?: { url: string }[];
  components: { schemas: Record<string, SchemaObject> };
  paths: Record<string, Record<string, OperationObject>>;
}

export interface DocumentedOperation {
  /** `GET /management/students/{id}/`: how a person names an operation. */
  name: string;
  method: string;
  path: string;
  operation: OperationObject;
}

export function operationsOf(document: ApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** The operations of the document that have no operationId, by name. */
export function withoutOperationId(document: ApiDocument): string[] {
  return operationsOf(document)
    .filter(({ operation }) => !operation.operationId)
    .map(({ name }) => name);
}

/** The media type a Content-Type header names, without its parameters. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
