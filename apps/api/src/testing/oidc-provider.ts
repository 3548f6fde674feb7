import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the tests (`oidc-provider`, issue 30 section 3), on a port of this machine with
 * keys of its own: one confidential client whose redirect URI is the app's callback, the development
 * login pages (any login, any password: the login is the account id), and consent granted by itself.
 * `rotateKeys()` swaps in a provider with a new signing key (another `kid`) on the same address.
 */

export interface TestAccount {
  email: string;
  email_verified: boolean | string;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts the login pages accept, by login (mutable). */
  accounts: Map<string, TestAccount>;
  /** The `kid` of the key signing ID tokens now. */
  kid: string;
  /** A new signing key under a new `kid`; the old one is no longer published. */
  rotateKeys(): Promise<void>;
  /** The env a test app needs to use it. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT_ID = 'panel-de-administracion';
export const TEST_OIDC_CLIENT_SECRET = 'secreto-de-prueba-del-cliente-oidc';

let keyCount = 0;

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  keyCount += 1;
  return { ...jwk, kid: `clave-${keyCount}-${Date.now().toString(36)}`, alg: 'RS256', use: 'sig' };
}

export async function startTestProvider(options: {
  redirectUris: string[];
  /** The ID token's lifetime (seconds). */
  idTokenTtl?: number;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();

  const build = async () => {
    const key = await signingKey();
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: TEST_OIDC_CLIENT_ID,
          client_secret: TEST_OIDC_CLIENT_SECRET,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [key] },
      // `groups` with the profile, as Entra ID adds its groups claim whatever the scopes (token configuration).
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
      scopes: ['openid', 'email', 'profile'],
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      ttl: { IdToken: options.idTokenTtl ?? 3600 },
      async findAccount(_ctx, id) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account }) };
      },
      // First-party: the scopes asked are granted without a consent page.
      async loadExistingGrant(ctx) {
        const existing = ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
        if (existing) return ctx.oidc.provider.Grant.find(existing);
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
        await grant.save();
        return grant;
      },
    });
    // The development pages warn on every start; the tests know.
    provider.on('server_error', () => {});
    return { provider, kid: key.kid };
  };

  let current = await build();
  server.on('request', (req, res) => current.provider.callback()(req, res));

  const api: TestProvider = {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    accounts,
    get kid() {
      return current.kid;
    },
    async rotateKeys() {
      current = await build();
    },
    env: () => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: TEST_OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

/** A tiny cookie jar for walking the provider's pages with fetch. */
class Jar {
  #cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.#cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks the provider's pages as a browser would, from the app's authorization URL (the `Location` of
 * GET /api/login/oidc/start) to the app's callback URL with `code` and `state`: the login page, its form
 * submitted with `login`, and the redirects in between. Answers the callback URL (not followed).
 */
export async function authorizeAt(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Jar();
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.take(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin || next.pathname.endsWith('/api/login/oidc/callback')) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !html.includes('name="prompt" value="login"')) {
      throw new Error(`el proveedor de prueba respondió ${response.status}: ${html.slice(0, 300)}`);
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    body = new URLSearchParams({ prompt: 'login', login, password: 'cualquiera' });
  }
  throw new Error('demasiadas redirecciones en el proveedor de prueba');
}
