import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_TIMEZONE } from '@panel/shared';
import { z } from 'zod';
import type { DatabaseConfig } from './db/client.ts';
import { DEFAULT_REQUEST_TIMEOUT_SECONDS } from './lib/limits.ts';
import { type GroupRule, parseGroupMap } from './lib/oidc-rules.ts';
import { defaultCommunityDistDir, defaultWebDistDir } from './lib/paths.ts';
import { defaultPushHostRules, type PushHostRule, parsePushHostRule } from './lib/push-hosts.ts';
import {
  DEFAULT_SELLER_LIMITS,
  parseSellerLimit,
  type SellerLimit,
  type SellerLimits,
} from './lib/seller-limit-settings.ts';

/** A VAPID subject on a real mailbox: `mailto:` and a domain that is not reserved (Apple refuses those). */
export const VAPID_MAILTO = /^mailto:[^@\s/]+@[^@\s/]+\.[A-Za-z]{2,}$/;
export const RESERVED_MAIL_DOMAIN = /\.(local|test|example|invalid|localhost)$/i;
export const isRealMailto = (subject: string) =>
  VAPID_MAILTO.test(subject) && !RESERVED_MAIL_DOMAIN.test(subject);

const zFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'debe ser 1 o 0 (true o false)' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** `<count>/<time>` (10/10m), read into a limit; absent: the default. */
function zSellerLimit(fallback: SellerLimit) {
  return z
    .string()
    .optional()
    .transform((text, ctx): SellerLimit => {
      if (text === undefined || text.trim() === '') return fallback;
      const limit = parseSellerLimit(text);
      if (typeof limit === 'string') {
        ctx.addIssue({ code: 'custom', message: limit });
        return z.NEVER;
      }
      return limit;
    });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const ZEnv = z.object({
  PORT: z.coerce
    .number({ error: 'debe ser un número de puerto' })
    .int('debe ser un número entero')
    .min(0, 'debe estar entre 0 y 65535 (0 = un puerto libre cualquiera)')
    .max(65535, 'debe estar entre 0 y 65535 (0 = un puerto libre cualquiera)')
    .default(3000),
  // Only this machine by default: the demo admin's password is public (README).
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
    .optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email('no es un email válido')).optional(),
  ADMIN_PASSWORD: z.string().min(10, 'debe tener al menos 10 caracteres').max(200).optional(),
  ADMIN_NAME: z.string().trim().min(1).max(120).optional(),
  SEED_DEMO: zFlag.optional(),
  MFA_REQUIRED: zFlag.optional(),
  // The company's own sign-in (OpenID Connect, docs/configuration.md#company-sign-in-openid-connect): all three or none.
  OIDC_ISSUER: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s?#]+$/, 'debe ser la URL del emisor, por ejemplo https://accounts.google.com')
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().trim().min(1).max(2000).optional(),
  // Optional: an unknown e-mail becomes a seller of this branch (its id) instead of being refused.
  OIDC_CREATE_SELLERS_BRANCH_ID: z.coerce
    .number()
    .int('debe ser el id de una sucursal')
    .positive()
    .optional(),
  // Optional: a claim of the ID token (for example groups) whose values map to the role and branch.
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).max(100).optional(),
  // Optional, with OIDC_GROUPS_CLAIM: "grupo=admin,otro=seller:3" (docs/configuration.md).
  OIDC_GROUP_MAP: z.string().trim().max(4000).optional(),
  APP_TIMEZONE: z
    .string()
    .default(DEFAULT_TIMEZONE)
    .refine(
      isValidTimeZone,
      'no es una zona horaria IANA válida (por ejemplo America/Argentina/Buenos_Aires)',
    ),
  APP_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'debe empezar con redis:// o rediss://')
    .optional(),
  METRICS_TOKEN: z
    .string()
    .min(32, 'debe tener al menos 32 caracteres')
    .regex(/^[\x21-\x7e]+$/, 'solo caracteres visibles, sin espacios')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `debe ser uno de: ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: z.string().default('false'),
  WEB_DIST_DIR: z.string().optional(),
  UPLOAD_ORPHAN_GRACE_SECONDS: z.coerce
    .number({ error: 'debe ser un número de segundos' })
    .int('debe ser un número entero de segundos')
    .min(0, 'debe ser 0 o más')
    .default(600),
  COMMUNITY_DIST_DIR: z.string().optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'debe ser un número de segundos' })
    .int('debe ser un número entero de segundos')
    .min(1, 'debe ser 1 o más')
    .max(3600, 'debe ser como mucho 3600')
    .default(DEFAULT_REQUEST_TIMEOUT_SECONDS),
  // Web Push (community app): the VAPID key pair is made on the first start and kept in the
  // database; these replace it. The subject must be a real mailbox (Apple refuses others).
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'debe ser la clave pública VAPID en base64url (65 bytes)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'debe ser la clave privada VAPID en base64url (32 bytes)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(VAPID_MAILTO, 'debe ser mailto: con una dirección real, por ejemplo mailto:soporte@empresa.com')
    .refine((v) => !RESERVED_MAIL_DOMAIN.test(v), {
      message: 'debe ser una dirección real, no de un dominio reservado (.local, .test, .example, .invalid)',
    })
    .optional(),
  // Web Push targets (issue 20): the real push services, plus these hosts for a self-hosted one.
  PUSH_EXTRA_HOSTS: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      for (const entry of value.split(',').filter((e) => e.trim() !== '')) {
        const rule = parsePushHostRule(entry);
        if (typeof rule === 'string') ctx.addIssue({ code: 'custom', message: rule });
      }
    })
    .optional(),
  PUSH_MAX_DEVICES: z.coerce
    .number({ error: 'debe ser un número de dispositivos' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(100, 'debe ser como mucho 100')
    .default(10),
  PUSH_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'debe ser un número de segundos' })
    .int('debe ser un número entero de segundos')
    .min(1, 'debe ser 1 o más')
    .max(60, 'debe ser como mucho 60')
    .default(10),
  PUSH_CONCURRENCY: z.coerce
    .number({ error: 'debe ser un número de envíos' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(1000, 'debe ser como mucho 1000')
    .default(64),
  // Mail (password reset links, issue 23): SMTP when set; otherwise each mail is an .eml in DATA_DIR/mail.
  SMTP_URL: z
    .string()
    .trim()
    .regex(
      /^smtps?:\/\//,
      'debe empezar con smtp:// o smtps:// (por ejemplo smtp://usuario:clave@mail.empresa.com:587)',
    )
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default('Panel de Administración <no-responder@localhost>'),
  // The address people open (links in mails); by default this machine's own.
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^/?#\s]+\/?$/,
      'debe ser http(s)://servidor[:puerto], sin ruta (por ejemplo https://panel.empresa.com)',
    )
    .optional(),
  // Per-account limits on the community app's writes (lib/seller-limit-settings.ts): "10/10m".
  RATE_LIMIT_POSTS: zSellerLimit(DEFAULT_SELLER_LIMITS.posts),
  RATE_LIMIT_COMMENTS: zSellerLimit(DEFAULT_SELLER_LIMITS.comments),
  RATE_LIMIT_LIKES: zSellerLimit(DEFAULT_SELLER_LIMITS.likes),
  RATE_LIMIT_PUSH_SUBSCRIPTIONS: zSellerLimit(DEFAULT_SELLER_LIMITS.pushSubscriptions),
  // Tests only (the browser tests' server): passwords hashed at a low scrypt cost (start-server.ts).
  TEST_LOW_PASSWORD_COST: zFlag.optional(),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'debe ser local o s3' }).default('local'),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ENDPOINT: z
    .string()
    .trim()
    .regex(/^https?:\/\//, 'debe empezar con http:// o https://')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: zFlag.optional(),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._\-/]*$/, 'solo letras, números, ".", "_", "-" y "/"')
    .optional(),
});

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** Any S3-compatible endpoint (MinIO, R2, …); AWS when absent. */
      endpoint?: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
      forcePathStyle: boolean;
      /** Prepended to every key, e.g. `panel/`. */
      prefix: string;
    };

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  database: DatabaseConfig;
  admin: { email?: string; password?: string; name?: string };
  seedDemo: boolean;
  /**
   * MFA_REQUIRED: every panel account needs a second factor; without one, panel calls answer 403
   * `mfa_setup_required` until it is set up in "Mi cuenta" (docs/product.md#second-factor).
   */
  mfaRequired: boolean;
  /**
   * The company's own sign-in (OpenID Connect), when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET
   * are set (docs/decisions/2026-12-04-oidc.md).
   */
  oidc?: OidcConfig;
  timeZone: string;
  appSecret: string;
  redisUrl?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Bearer token that lets a scraper read GET /api/metrics (an admin session can too). */
  metricsToken?: string;
  /**
   * Passed to Fastify's `trustProxy` (proxy-addr): `false`, a hop count (how many proxies stand in
   * front; 1 = the balancer), the proxies' addresses/CIDRs, or `true` (every hop: unsafe, warned).
   */
  trustProxy: boolean | number | string[];
  /** Absolute; the built panel. It may not exist, then only the API is served. */
  webDistDir: string;
  /** Absolute; the built community app, served under /comunidad/. It may not exist either. */
  communityDistDir: string;
  /** Web Push: keys from the environment (both or neither), the VAPID subject, and the sending limits. */
  push: {
    publicKey?: string;
    privateKey?: string;
    subject?: string;
    /** The allowed push service hosts: the real services' plus PUSH_EXTRA_HOSTS. */
    hosts: PushHostRule[];
    /** Devices per user; a new one replaces the oldest beyond this. */
    maxDevices: number;
    timeoutMs: number;
    concurrency: number;
  };
  /** Per-account limits on posts, comments, likes and push subscriptions (RATE_LIMIT_*). */
  sellerLimits: SellerLimits;
  /** Uploaded images (posts, stories): `local` under DATA_DIR/uploads, or an S3-compatible store. */
  storage: StorageConfig;
  /** Start-up sweep of local uploads without a row: files younger than this are kept. */
  uploadOrphanGraceMs: number;
  /** The whole request (head and body) must arrive within this, or it gets a 408 (lib/limits.ts). */
  requestTimeoutMs: number;
  /** Outgoing mail: SMTP_URL, or none (each mail written as an .eml under DATA_DIR/mail). */
  mail: { smtpUrl?: string; from: string };
  /** Where people open the panel (`/`) and the app (`/comunidad/`), without a trailing slash. */
  publicUrl: string;
  /**
   * TEST_LOW_PASSWORD_COST: new passwords hashed at the tests' low scrypt cost. For the browser tests'
   * server only; refused on an address other than this machine's (start-server.ts).
   */
  lowPasswordCost: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadConfigOptions {
  cwd?: string;
}

/**
 * Reads and validates the environment once. Empty variables count as unset.
 * On PGlite without APP_SECRET, a secret is generated once into DATA_DIR/secret.key (0600).
 */
export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): AppConfig {
  const cwd = options.cwd ?? process.cwd();
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  ) as Record<string, string>;
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(cwd, e.DATA_DIR);
  const database: DatabaseConfig = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: join(dataDir, 'pglite') };

  if (database.kind === 'postgres' && !e.APP_SECRET) {
    throw new ConfigError([
      'APP_SECRET: es obligatoria con DATABASE_URL (al menos 32 caracteres). Todas las instancias deben ' +
        "usar la misma. Generá una con: node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64url'))\"",
    ]);
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY: se definen las dos juntas o ninguna']);
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL y ADMIN_PASSWORD: se definen las dos juntas o ninguna']);
  }

  let storage: StorageConfig = { driver: 'local', root: join(dataDir, 'uploads') };
  if (e.STORAGE_DRIVER === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(missing.map((k) => `${k}: es obligatoria con STORAGE_DRIVER=s3`));
    }
    const prefix = e.S3_PREFIX?.replace(/^\/+/, '') ?? '';
    storage = {
      driver: 's3',
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      // S3-compatible servers usually want path-style URLs; AWS itself, virtual-hosted ones.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    };
  }

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    seedDemo: e.SEED_DEMO ?? database.kind === 'pglite',
    mfaRequired: e.MFA_REQUIRED ?? false,
    oidc: oidcConfig(e),
    timeZone: e.APP_TIMEZONE,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir,
    communityDistDir: e.COMMUNITY_DIST_DIR ? resolve(cwd, e.COMMUNITY_DIST_DIR) : defaultCommunityDistDir,
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      hosts: [
        ...defaultPushHostRules(),
        ...(e.PUSH_EXTRA_HOSTS ?? '')
          .split(',')
          .filter((entry) => entry.trim() !== '')
          .map((entry) => parsePushHostRule(entry) as PushHostRule),
      ],
      maxDevices: e.PUSH_MAX_DEVICES,
      timeoutMs: e.PUSH_TIMEOUT_SECONDS * 1000,
      concurrency: e.PUSH_CONCURRENCY,
    },
    sellerLimits: {
      posts: e.RATE_LIMIT_POSTS,
      comments: e.RATE_LIMIT_COMMENTS,
      likes: e.RATE_LIMIT_LIKES,
      pushSubscriptions: e.RATE_LIMIT_PUSH_SUBSCRIPTIONS,
    },
    storage,
    uploadOrphanGraceMs: e.UPLOAD_ORPHAN_GRACE_SECONDS * 1000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    publicUrl: (e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT)).replace(/\/$/, ''),
    lowPasswordCost: e.TEST_LOW_PASSWORD_COST ?? false,
  };
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** An unknown (verified) e-mail becomes a seller of this branch; without it, it is refused. */
  createSellersBranchId?: number;
  /** The claim whose values map to the role and branch (services/auth/oidc-rules.ts), with its map. */
  groupsClaim?: string;
  groupMap: GroupRule[];
}

function oidcConfig(e: z.infer<typeof ZEnv>): OidcConfig | undefined {
  const set = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (set === 0) return undefined;
  if (set !== 3) {
    throw new ConfigError([
      'OIDC_ISSUER, OIDC_CLIENT_ID y OIDC_CLIENT_SECRET: se configuran los tres juntos (o ninguno)',
    ]);
  }
  return {
    issuer: e.OIDC_ISSUER!.replace(/\/$/, ''),
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    createSellersBranchId: e.OIDC_CREATE_SELLERS_BRANCH_ID,
    groupsClaim: e.OIDC_GROUPS_CLAIM,
    groupMap: groupMapOrConfigError(e.OIDC_GROUP_MAP ?? ''),
  };
}

function groupMapOrConfigError(text: string): GroupRule[] {
  try {
    return parseGroupMap(text);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

/** This machine's own address: a wildcard HOST (0.0.0.0, ::) reads as 127.0.0.1. */
function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${isIP(name) === 6 ? `[${name}]` : name}:${port}`;
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError([
      `APP_SECRET: el archivo ${file} está vacío o dañado; borralo o definí APP_SECRET`,
    ]);
  }
  return secret;
}

/** proxy-addr's named ranges, accepted next to addresses and CIDRs. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `1` is a hop count (the balancer in front), not `true`: `true` trusts every X-Forwarded-For entry,
 * so a client picks its own address (issue 20, item 5). A list must hold only addresses, CIDRs or
 * proxy-addr's names; anything else is refused at start-up instead of silently trusting nothing.
 */
export function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'yes') return true;
  if (v === 'false' || v === 'no' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 32) throw new ConfigError(['TRUST_PROXY: un número de saltos debe estar entre 0 y 32']);
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isTrustEntry(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new ConfigError([
      `TRUST_PROXY: ${wrong.map((w) => `"${w}"`).join(', ') || 'vacío'} no es una dirección, un rango CIDR ni ` +
        'loopback/linklocal/uniquelocal. Usá la dirección del balanceador (10.0.0.5, 10.0.0.0/24) o la ' +
        'cantidad de proxies delante (1)',
    ]);
  }
  return entries;
}

function isTrustEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry.toLowerCase())) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
