import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface StubReply {
  status?: number;
  body?: unknown;
  /** A body sent as it is, with its own type (an event stream), instead of `body` as JSON. */
  text?: string;
  /** By default JSON, and problem JSON for a refusal (4xx, 5xx), as the API sends them. */
  contentType?: string;
}

/** A Blob's text; jsdom's Blob has no `text()`. */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

export type StubHandler = (request: StubRequest) => StubReply | Promise<StubReply>;

/**
 * Replaces fetch at the network boundary with answers keyed by "METHOD /path" (the query
 * string is ignored for matching). A value may be a fixed reply or a function of the request;
 * an unknown call answers 404 problem JSON, as the real server would. Every call is recorded.
 */
export function stubFetch(routes: Record<string, StubReply | StubHandler>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const request: StubRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      // A file (a CSV upload) is recorded as its text, anything else as the JSON it is.
      body:
        init.body instanceof Blob
          ? await blobText(init.body)
          : raw === undefined
            ? undefined
            : JSON.parse(raw),
    };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply: StubReply =
      route === undefined
        ? { status: 404, body: { status: 404, detail: `No resource at ${url.pathname}.` } }
        : typeof route === 'function'
          ? await route(request)
          : route;
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: {
        'content-type':
          reply.contentType ?? (status >= 400 ? 'application/problem+json' : 'application/json'),
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The recorded calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** A reply that never arrives, for looking at a screen while it waits. */
export function pending(): Promise<StubReply> {
  return new Promise(() => undefined);
}
