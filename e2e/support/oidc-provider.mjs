import { createServer } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, for the tests of
 * sign-in through a school's provider: the API tests drive its login form over HTTP, the browser
 * tests click through it. Its login form takes any login and password; the login is the e-mail
 * address the provider vouches for (`email_verified` is false for one starting `unverified`),
 * and the account's id, which the provider sends as the subject. It signs ID tokens with an RSA
 * key made at start.
 *
 * Run as a program (`node e2e/support/oidc-provider.mjs`), it listens on OIDC_PROVIDER_PORT for
 * the client OIDC_CLIENT_ID / OIDC_CLIENT_SECRET returning to OIDC_REDIRECT_URI.
 */

/** The claims the provider gives for a login. */
export function claimsFor(login) {
  return {
    sub: login,
    email: login,
    email_verified: !login.startsWith('unverified'),
    name: login.split('@')[0].replace(/[._]/g, ' '),
  };
}

/**
 * Starts the provider on `port` (0: any free one) and resolves with its issuer and a `close`.
 */
export async function startOidcProvider({ port = 0, clientId, clientSecret, redirectUri }) {
  let handle = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: ['a test provider cookie key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsFor(id) }),
    // A first-party client: the person is not asked to consent to what the school's app reads.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  handle = (request, response) => callback(request, response);
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's login form as a browser would (following its redirects with its
 * cookies) and resolves with the query the provider sends back to the redirect URI.
 */
export async function signInAtProvider(authorizationUrl, login, redirectUri) {
  const cookies = new Map();
  const remember = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authorizationUrl;
  let body;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(redirectUri)) return Object.fromEntries(new URL(url).searchParams);
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(`The provider answered ${response.status} without a form: ${html}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
  }
  throw new Error('The provider did not send the browser back');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const { issuer } = await startOidcProvider({
    port: Number(env.OIDC_PROVIDER_PORT),
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    redirectUri: env.OIDC_REDIRECT_URI,
  });
  console.log(`OpenID provider listening at ${issuer}`);
}
