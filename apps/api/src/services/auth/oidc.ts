import { createHash, randomBytes } from 'node:crypto';
import type { TOidcApp, TOidcError } from '@panel/shared';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { oidcLogins, users } from '../../db/schema/users.ts';
import { accountForNewEmail, verifiedEmail } from '../../lib/oidc-rules.ts';
import { branchExists, insertUser } from '../users/records.ts';
import { generatePassword } from './passwords.ts';

/**
 * The company's own sign-in, OpenID Connect (issue 30, section 3; docs/decisions/2026-12-04-oidc.md), with
 * `openid-client`: the authorization code flow with PKCE (S256), `state` and `nonce`, the issuer's endpoints
 * and keys from its discovery document.
 *
 * - `start` keeps {state (its SHA-256), nonce, code_verifier, app} for 10 minutes in `oidc_logins` and gives
 *   the issuer's authorization URL.
 * - `callback` takes that row once (a second callback with the same state finds it used), exchanges the code
 *   (the issuer refuses a code used twice), checks state, nonce, issuer, audience and expiry (openid-client),
 *   then the ID token's signature against the issuer's published keys (jose's remote key set: a key id not
 *   known fetches the keys again, so a rotation at the issuer is followed), and matches the account by the
 *   verified e-mail claim. It leaves a one-time code (1 minute) the panel or the app exchanges by POST for the
 *   session: the session token never travels in a URL.
 */

export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;
export const OIDC_HANDOFF_TTL_MS = 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export type CallbackOutcome =
  | { app: TOidcApp; handoff: string }
  | { app: TOidcApp; refused: TOidcError; detail?: string };

export class OidcSignIn {
  #server: Promise<client.ServerMetadata> | null = null;
  #keys: JWTVerifyGetKey | null = null;
  readonly redirectUri: string;

  constructor(
    private readonly config: OidcConfig,
    publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl}/api/login/oidc/callback`;
  }

  /**
   * The issuer's metadata, discovered once (a failed discovery is tried again at the next sign-in).
   * Plain http is allowed only for an issuer on this machine (the tests' provider).
   */
  #metadata(): Promise<client.ServerMetadata> {
    this.#server ??= client
      .discovery(new URL(this.config.issuer), this.config.clientId, this.config.clientSecret, undefined, {
        execute: this.#insecureAllowed() ? [client.allowInsecureRequests] : [],
      })
      .then((config) => config.serverMetadata())
      .catch((error: unknown) => {
        this.#server = null;
        throw error;
      });
    return this.#server;
  }

  #insecureAllowed(): boolean {
    const url = new URL(this.config.issuer);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  }

  /** A configuration whose clock is the app's (`now`): the ID token's expiry is judged against it. */
  async #configuration(now: Date): Promise<client.Configuration> {
    const metadata = await this.#metadata();
    const configuration = new client.Configuration(metadata, this.config.clientId, {
      client_secret: this.config.clientSecret,
      [client.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000),
    });
    if (this.#insecureAllowed()) client.allowInsecureRequests(configuration);
    return configuration;
  }

  /**
   * The issuer's keys (its `jwks_uri`), fetched when first needed and again whenever a token names a key
   * id not among them (no cooldown: only the issuer's own token endpoint, over TLS, hands us ID tokens).
   */
  async #jwks(): Promise<JWTVerifyGetKey> {
    if (!this.#keys) {
      const { jwks_uri: uri } = await this.#metadata();
      if (!uri) throw new Error('el emisor no publica jwks_uri');
      this.#keys = createRemoteJWKSet(new URL(uri), { cooldownDuration: 0 });
    }
    return this.#keys;
  }

  /** The authorization URL for a new sign-in, its state kept for 10 minutes (expired rows are removed). */
  async start(db: Db, app: TOidcApp, now: Date): Promise<URL> {
    const configuration = await this.#configuration(now);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await db
      .delete(oidcLogins)
      .where(or(lt(oidcLogins.expiresAt, now), lt(oidcLogins.handoffExpiresAt, now)));
    await db.insert(oidcLogins).values({
      stateHash: sha256(state),
      nonce,
      codeVerifier,
      app,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OIDC_STATE_TTL_MS),
    });
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** The issuer's answer (`currentUrl`: the callback's full URL). Never throws for a refused sign-in. */
  async callback(
    db: Db,
    currentUrl: URL,
    now: Date,
    log: FastifyBaseLogger,
    createSellersBranchId = this.config.createSellersBranchId,
  ): Promise<CallbackOutcome> {
    const state = currentUrl.searchParams.get('state');
    if (!state) return { app: 'panel', refused: 'failed', detail: 'sin state' };
    const [pending] = await db
      .update(oidcLogins)
      .set({ usedAt: now })
      .where(
        and(
          eq(oidcLogins.stateHash, sha256(state)),
          isNull(oidcLogins.usedAt),
          gt(oidcLogins.expiresAt, now),
        ),
      )
      .returning();
    if (!pending) return { app: 'panel', refused: 'failed', detail: 'state desconocido, usado o vencido' };
    const app = pending.app;

    let claims: Record<string, unknown>;
    try {
      const configuration = await this.#configuration(now);
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.id_token;
      if (!idToken) return { app, refused: 'failed', detail: 'sin id_token' };
      const metadata = await this.#metadata();
      const verified = await jwtVerify(idToken, await this.#jwks(), {
        issuer: metadata.issuer,
        audience: this.config.clientId,
        currentDate: now,
        clockTolerance: 30,
      });
      claims = verified.payload as Record<string, unknown>;
    } catch (error) {
      log.warn({ err: error }, 'ingreso con la cuenta de la empresa rechazado');
      return { app, refused: 'failed', detail: error instanceof Error ? error.message : String(error) };
    }

    const email = verifiedEmail(claims);
    if ('refused' in email) return { app, refused: email.refused };
    let [account] = await db
      .select({ id: users.id, active: users.active })
      .from(users)
      .where(eq(users.email, email.email))
      .limit(1);
    if (!account) {
      const created = await this.#create(db, claims, email.email, createSellersBranchId);
      if (created === null) return { app, refused: 'unknown_email' };
      account = { id: created, active: true };
    }
    if (!account.active) return { app, refused: 'inactive' };

    const handoff = randomBytes(32).toString('base64url');
    await db
      .update(oidcLogins)
      .set({
        handoffHash: sha256(handoff),
        userId: account.id,
        handoffExpiresAt: new Date(now.getTime() + OIDC_HANDOFF_TTL_MS),
      })
      .where(eq(oidcLogins.id, pending.id));
    return { app, handoff };
  }

  /**
   * An unknown verified e-mail: an account when the groups claim maps it or OIDC_CREATE_SELLERS_BRANCH_ID
   * is set (its name from the `name` claim, else the e-mail; a random password nobody knows, so it signs
   * in only this way until someone resets it), else null.
   */
  async #create(
    db: Db,
    claims: Record<string, unknown>,
    email: string,
    defaultBranchId: number | undefined,
  ): Promise<number | null> {
    const made = accountForNewEmail(claims, {
      groupsClaim: this.config.groupsClaim,
      groupMap: this.config.groupMap,
      defaultBranchId,
    });
    if (!made) return null;
    // A seller or a branch manager needs a branch that exists (a manager's is also the users table's check).
    if (made.role !== 'admin' && (made.branchId === null || !(await branchExists(db, made.branchId))))
      return null;
    const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : email;
    return insertUser(db, {
      name: name.slice(0, 120),
      email,
      password: generatePassword(24),
      role: made.role,
      branch_id: made.branchId,
    });
  }

  /** The callback's one-time code, taken once within its minute: the account it signs in, or null. */
  async takeHandoff(db: Db, code: string, now: Date): Promise<number | null> {
    const [row] = await db
      .update(oidcLogins)
      .set({ handoffUsedAt: now })
      .where(
        and(
          eq(oidcLogins.handoffHash, sha256(code)),
          isNull(oidcLogins.handoffUsedAt),
          gt(oidcLogins.handoffExpiresAt, now),
        ),
      )
      .returning({ userId: oidcLogins.userId });
    return row?.userId ?? null;
  }
}
