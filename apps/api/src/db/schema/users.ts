import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, tstz, updatedAt, version } from './columns.ts';

/**
 * Administrators, branch managers (tied to one branch) and sellers (docs/product.md#roles-and-access).
 * Users are deactivated, never deleted.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * The name without case or accents, computed by PostgreSQL: sorting and `q` search use it,
     * so rows are not run through unaccent() at query time (slow on PGlite at 200k users).
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`f_unaccent(lower("name"))`),
    /** Always stored lower-case, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    role: text('role', { enum: ['seller', 'admin', 'branch_manager'] })
      .notNull()
      .default('seller'),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('seller', 'admin', 'branch_manager')`),
    check('users_manager_branch_check', sql`${t.role} <> 'branch_manager' OR ${t.branchId} IS NOT NULL`),
    index('users_branch_id_idx').on(t.branchId),
    index('users_role_active_idx').on(t.role, t.active),
    // "Vista por N de M": M, the active sellers per branch, read from this index alone.
    index('users_active_sellers_branch_idx').on(t.branchId).where(sql`${t.role} = 'seller' AND ${t.active}`),
    index('users_name_key_sort_idx').on(t.nameKey, t.id),
    index('users_name_key_trgm_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * Bearer sessions: only the SHA-256 of the token is stored. A session ends 12 h after it was
 * last seen or 7 days after it began, whichever comes first, or when revoked. The browser
 * (`user_agent`, cut to USER_AGENT_MAX) and address (`ip`) of the sign-in let a person recognise
 * the session in "Mi cuenta" / Perfil (issue 30, section 4). Ending one (`revoked_at`) is audited:
 * the audit_row trigger fires on UPDATE OF revoked_at only (migration 0022).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * "¿Olvidaste tu contraseña?" links (issue 23, item 2): only the SHA-256 of the random token is
 * stored, valid until expires_at (30 minutes), used once (used_at). Not audited: like sessions, not
 * a business record.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

/**
 * A panel account's TOTP second factor (RFC 6238; issue 30, section 2; docs/product.md#second-factor).
 * One row per account: written by "Activar" (setup) with `enabled_at` null, pending until the first
 * code confirms it. The key is kept sealed (AES-256-GCM under a key derived from APP_SECRET,
 * lib/secret-box.ts, purpose `totp`); `last_step` is the last time step a code was accepted for, so
 * no code is ever accepted twice. `codes_at` is when the recovery codes were last made. Audited, the
 * key as a secret and `last_step` skipped (hand-written part of migration 0024).
 */
export const userTotp = pgTable(
  'user_totp',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretEnc: text('secret_enc').notNull(),
    enabledAt: tstz('enabled_at'),
    lastStep: integer('last_step'),
    codesAt: tstz('codes_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_totp_user_id_key').on(t.userId)],
);

/**
 * The 10 single-use recovery codes of a TOTP factor: only their SHA-256 is kept (each is 50 random
 * bits), `used_at` once one signed in. They belong to the factor (removed with it). Audited, the hash
 * as a secret.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    totpId: integer('totp_id')
      .notNull()
      .references(() => userTotp.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('mfa_recovery_codes_totp_id_idx').on(t.totpId)],
);

/**
 * The step between a right password and the second factor: `POST /api/login` answers the token, and
 * `POST /api/login/mfa` takes it with a code. Only its SHA-256 is stored; it lives 5 minutes, is used
 * once (`used_at`), and is spent after MFA_TOKEN_MAX_FAILURES wrong codes (`failures`). A table, so
 * every instance sees it. Not audited: like sessions and password_resets, not a business record.
 */
export const mfaTokens = pgTable(
  'mfa_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    failures: integer('failures').notNull().default(0),
    /** The first step was the company's account (OpenID Connect), not a password: the session's audit says so. */
    viaCompany: boolean('via_company').notNull().default(false),
  },
  (t) => [
    uniqueIndex('mfa_tokens_token_hash_key').on(t.tokenHash),
    index('mfa_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * The company's sign-in rules set in the panel (one row, id 1; none until first saved): whether every
 * panel account needs a second factor (`mfa_required`, beside the MFA_REQUIRED environment setting,
 * either one is enough). docs/product.md#second-factor. Audited (hand-written part of migration 0026).
 */
export const signInSettings = pgTable(
  'sign_in_settings',
  {
    id: integer('id').primaryKey().default(1),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    /**
     * Panel accounts sign in only with the company's account (OpenID Connect): their password and passkey
     * sign-ins answer 403. Applied only while OIDC_ISSUER is set (docs/decisions/2026-12-04-oidc.md).
     */
    oidcOnly: boolean('oidc_only').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('sign_in_settings_one_row_check', sql`${t.id} = 1`)],
);

/**
 * Passkeys (WebAuthn) of panel accounts: a second factor, and a sign-in without a password
 * (docs/product.md#second-factor). The credential's id and COSE public key in base64url, its signature
 * counter, the transports the browser reported, and a name in words ("Chrome en Linux"). Audited, the
 * counter and last use skipped (hand-written part of the migration).
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_id_key').on(t.credentialId),
    index('user_passkeys_user_id_idx').on(t.userId),
  ],
);

/**
 * The challenges of WebAuthn ceremonies in progress (2 minutes, used once): only their SHA-256, the
 * ceremony (`register`, `sign_in`, `second_factor`) and, when known, whose. A table, so every instance
 * sees them. Not audited, like mfa_tokens.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'second_factor'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_hash_key').on(t.challengeHash)],
);

/**
 * The sign-ins with the company's account (OpenID Connect) under way (docs/decisions/2026-12-04-oidc.md):
 * `GET /api/login/oidc/start` keeps the request's `state` (its SHA-256), `nonce` and PKCE `code_verifier`
 * for 10 minutes; the callback takes the row once (`used_at`) and, when the account is matched, leaves a
 * one-time `handoff` code (its SHA-256) that the panel or the app exchanges by POST for the session within
 * a minute. Never audited: no record of anyone's, and the secrets are single use.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    app: text('app', { enum: ['panel', 'community'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    /** The callback took it (a second callback with the same state is refused). */
    usedAt: tstz('used_at'),
    handoffHash: text('handoff_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffExpiresAt: tstz('handoff_expires_at'),
    handoffUsedAt: tstz('handoff_used_at'),
  },
  (t) => [
    uniqueIndex('oidc_logins_state_hash_key').on(t.stateHash),
    uniqueIndex('oidc_logins_handoff_hash_key').on(t.handoffHash),
    index('oidc_logins_expires_at_idx').on(t.expiresAt),
    check('oidc_logins_app_check', sql`${t.app} in ('panel', 'community')`),
  ],
);
