import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A strict Content-Security-Policy: no inline script anywhere (the web app keeps tokens in local
 * storage, so script injection must have nowhere to run). Google Identity Services is the one
 * outside origin, allowed only for its script, its button frame and its stylesheet.
 */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", `${GOOGLE_GSI}client`],
  styleSrc: ["'self'", `${GOOGLE_GSI}style`],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", GOOGLE_GSI],
  frameSrc: [GOOGLE_GSI],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** The headers helmet would set, given the environment: HSTS only in production. */
function helmetOptions(env: string): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: contentSecurityPolicy },
    hsts: env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The security headers, computed once: they never vary by request, and helmet's middleware
 * parses the policy again for every answer it runs on (decision 0013). Helmet still decides
 * what they are; its middleware runs here once against a response that only records.
 */
export function securityHeaders(env: string): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(helmetOptions(env))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.freeze(headers);
}

/** Sends the security headers on every answer, before anything else can answer. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** An onRequest hook: the answer may be stored by no cache, neither the browser's nor a proxy's. */
export function noStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  reply.header('cache-control', 'no-store');
  done();
}
