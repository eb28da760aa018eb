import { expect } from 'vitest';
import {
  mediaTypeOf,
  operationsOf,
  type ApiDocument,
  type DocumentedOperation,
} from '../../src/test/api-document.js';
import { origins } from './processes.js';

/** What Prism answers itself, instead of the server, when it finds a request or answer wrong. */
const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';
const PRISM_INVALID_REQUEST = `${PRISM_ERRORS}UNPROCESSABLE_ENTITY`;

export interface Request {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  /** A JSON body. */
  body?: unknown;
  /** Any other body, with its media type. */
  raw?: { body: string | Buffer; type: string };
  token?: string;
  /** Headers besides the bearer token and the body's type (an API client's Basic credentials). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // The API's JSON, read by the walk as it goes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

type Outcome = 'success' | 'refusal';

/**
 * A walk through the API by the document's operation ids. Every request goes through Prism's
 * validating proxy, which refuses a request the document does not allow (422) and turns an answer
 * the document does not describe into a 500 with `sl-violations`; either fails the walk. On top
 * of Prism, each answer's status must be one the operation lists by itself (not only under
 * `default`), and its media type one the document gives for that status. The walk records which
 * operations it has seen succeed and refuse.
 */
export class Walk {
  private readonly operations: Map<string, DocumentedOperation>;
  private readonly seen = new Map<string, Set<Outcome>>();
  private readonly lastSuccess = new Map<string, Request>();
  /** How many requests went through Prism, and how many the document refused by itself. */
  readonly counts = { proxied: 0, refusedByDocument: 0 };

  constructor(readonly document: ApiDocument) {
    this.operations = new Map(
      operationsOf(document).map((operation) => [operation.operation.operationId!, operation]),
    );
  }

  private operation(operationId: string): DocumentedOperation {
    const operation = this.operations.get(operationId);
    if (!operation) throw new Error(`The document has no operation ${operationId}.`);
    return operation;
  }

  private url(origin: string, { path }: DocumentedOperation, request: Request): string {
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new Error(`No value for {${name}} of ${path}.`);
      return encodeURIComponent(String(value));
    });
    const query = new URLSearchParams(
      Object.entries(request.query ?? {}).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
    ).toString();
    return `${origin}${filled}${query ? `?${query}` : ''}`;
  }

  private async call(origin: string, operation: DocumentedOperation, request: Request) {
    const headers: Record<string, string> = { ...request.headers };
    if (request.token !== undefined) headers['authorization'] = `Bearer ${request.token}`;
    let body: string | Buffer | undefined;
    if (request.raw) {
      headers['content-type'] = request.raw.type;
      body = request.raw.body;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    }
    const response = await fetch(this.url(origin, operation, request), {
      method: operation.method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json } as Answer;
  }

  /** The answer is one the operation documents: its status by itself, its media type. */
  private conforms({ name, operation }: DocumentedOperation, answer: Answer): void {
    const where = `${name} answered ${answer.status}: ${answer.text.slice(0, 500)}`;
    const documented = operation.responses[String(answer.status)];
    expect(documented, `${where}\nThe operation does not list this status.`).toBeDefined();
    const types = Object.keys(documented?.content ?? {});
    if (types.length === 0) {
      expect(answer.text, `${where}\nThe document gives this answer no content.`).toBe('');
      return;
    }
    expect(types, `${where}\nThe document gives ${types.join(', ')}.`).toContain(
      mediaTypeOf(answer.headers.get('content-type')),
    );
  }

  private record(operationId: string, status: number, request: Request): void {
    const outcomes = this.seen.get(operationId) ?? new Set<Outcome>();
    if (status < 300) {
      outcomes.add('success');
      this.lastSuccess.set(operationId, request);
    }
    if (status >= 400 && status < 500) outcomes.add('refusal');
    this.seen.set(operationId, outcomes);
  }

  /**
   * Sends a request the document allows through Prism, and expects the server's `status`; the
   * answer must pass Prism's check and the walk's.
   */
  async send(operationId: string, request: Request, status: number | number[]): Promise<Answer> {
    const operation = this.operation(operationId);
    const answer = await this.call(origins.prism, operation, request);
    this.counts.proxied += 1;
    const where = `${operation.name} answered ${answer.status}: ${answer.text.slice(0, 1000)}`;
    expect(answer.headers.get('sl-violations'), `${where}\nPrism found violations.`).toBeNull();
    const type = (answer.json as { type?: unknown } | undefined)?.type;
    if (typeof type === 'string' && type.startsWith(PRISM_ERRORS)) {
      throw new Error(`Prism answered for the server: ${where}`);
    }
    expect([status].flat(), where).toContain(answer.status);
    this.conforms(operation, answer);
    this.record(operationId, answer.status, request);
    return answer;
  }

  /**
   * A request the document does not allow (a bound, a type, a media type): Prism refuses it
   * by itself, and the server, sent it directly, refuses it too, with `status` as documented.
   * So the document states what the server enforces.
   */
  async refusedByDocument(operationId: string, request: Request, status = 400): Promise<Answer> {
    const operation = this.operation(operationId);
    const checked = await this.call(origins.prism, operation, request);
    expect(
      [checked.status, (checked.json as { type?: unknown } | undefined)?.type],
      `${operation.name} through Prism: ${checked.text.slice(0, 500)}`,
    ).toEqual([422, PRISM_INVALID_REQUEST]);
    const answer = await this.call(origins.server, operation, request);
    expect(answer.status, `${operation.name}: ${answer.text.slice(0, 500)}`).toBe(status);
    this.conforms(operation, answer);
    this.counts.refusedByDocument += 1;
    this.record(operationId, answer.status, request);
    return answer;
  }

  /**
   * A request Prism cannot carry as it is: a body over its own 10 MB limit, or JSON padded past
   * the server's 100 kB (Prism sends on the JSON it parsed, compacted). It goes to the server
   * directly, and its answer is held to the walk's own check.
   */
  async sendPastPrism(operationId: string, request: Request, status: number): Promise<Answer> {
    const operation = this.operation(operationId);
    const answer = await this.call(origins.server, operation, request);
    expect(answer.status, `${operation.name}: ${answer.text.slice(0, 500)}`).toBe(status);
    this.conforms(operation, answer);
    this.record(operationId, answer.status, request);
    return answer;
  }

  /** Each signed-in operation, sent as it last succeeded but with a token that is not valid. */
  async replayWithoutValidToken(): Promise<void> {
    for (const [operationId, request] of this.lastSuccess) {
      const { operation } = this.operation(operationId);
      if (JSON.stringify(operation.security) === '[]') continue;
      await this.send(operationId, { ...request, token: 'not-a-token' }, 401);
    }
  }

  /**
   * Every operation of the document the walk has not seen succeed, or not seen refuse a request
   * although it documents a 4xx answer.
   */
  notWalked(): string[] {
    const missing: string[] = [];
    for (const [operationId, { operation }] of this.operations) {
      const seen = this.seen.get(operationId) ?? new Set<Outcome>();
      if (!seen.has('success')) missing.push(`${operationId}: no success`);
      const refuses = Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status));
      if (refuses && !seen.has('refusal')) missing.push(`${operationId}: no refusal`);
    }
    return missing;
  }
}
