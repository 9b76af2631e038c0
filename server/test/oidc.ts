import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An account the test provider knows: its subject and the claims it releases. */
export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** How the provider says this account authenticated (ID token `amr`, `acr`); absent: not said. */
  amr?: string[];
  acr?: string;
}

export interface TestOidcProvider {
  /** The issuer identifier, e.g. http://127.0.0.1:41234 */
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, OidcAccount>;
  /** Every request the provider received ("GET /path"), to prove when Vigilo calls it. */
  requests: string[];
  /**
   * Plays the browser at the provider: follows the authorization URL, signs in as `sub`
   * through the login form, grants consent, and returns the redirect back to the client
   * (the callback URL with code, state and iss).
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

// oidc-provider ships no type declarations; this is the part of it the helper uses.
interface OidcProviderInstance {
  callback(): (req: unknown, res: unknown) => void;
  interactionFinished(
    req: unknown,
    res: unknown,
    result: InteractionResult,
    options?: unknown,
  ): Promise<void>;
}
interface InteractionResult {
  login?: { accountId: string; amr?: string[]; acr?: string };
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProviderInstance;

/** A tiny cookie jar: enough for one provider host (cookie paths are ignored). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A real OpenID Connect provider (oidc-provider) on a random local port, with one
 * confidential test client (authorization code + PKCE, client_secret_basic) whose redirect
 * URI is `redirectUri`, and the given accounts. Login accepts any password (devInteractions).
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  accounts: OidcAccount[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const moduleName = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as { default: OidcProviderClass };
  const clientId = options.clientId ?? 'vigilo-test';
  const clientSecret = options.clientSecret ?? 'test-client-secret-0123456789';
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: {
      // amr and acr come from the provider's login (below), released with the openid scope.
      openid: ['sub', 'amr', 'acr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    acrValues: ['http://schemas.openid.net/pape/policies/2007/06/multi-factor', 'urn:example:password'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  // The development login form reports no authentication methods; a real provider's login
  // does. The account's `amr`/`acr` are added to the login result, as its login page would.
  const finish = provider.interactionFinished.bind(provider);
  provider.interactionFinished = (req, res, result, opts) => {
    const account = result.login ? accounts.get(result.login.accountId) : undefined;
    if (result.login && account?.amr) result.login.amr = account.amr;
    if (result.login && account?.acr) result.login.acr = account.acr;
    return finish(req, res, result, opts);
  };
  const requests: string[] = [];
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url?.split('?')[0]}`);
    handle(req, res);
  });

  async function signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new CookieJar();
    const go = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
      });
      jar.store(response);
      return response;
    };
    let response = await go(authorizationUrl);
    for (let step = 0; step < 12; step++) {
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, issuer);
        if (next.origin !== issuer) return next;
        response = await go(next.href);
        continue;
      }
      const html = await response.text();
      if (response.status !== 200)
        throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
      const form = new URLSearchParams(
        prompt === 'login' ? { prompt, login: sub, password: 'x' } : { prompt },
      );
      response = await go(new URL(action.replaceAll('&amp;', '&'), issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    }
    throw new Error('the provider never redirected back to the client');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    requests,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
