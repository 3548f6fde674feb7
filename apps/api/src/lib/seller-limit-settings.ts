/**
 * The settings of the per-account limits on sellers' writes (RATE_LIMIT_*; the limiter is
 * services/limits/seller-limits.ts): the kinds, their defaults and variables, and the parsing of
 * `10/10m`. Pure rules, read by the configuration (config.ts) and by the limiter.
 */
export const SELLER_LIMIT_KINDS = ['posts', 'comments', 'likes', 'pushSubscriptions'] as const;
export type SellerLimitKind = (typeof SELLER_LIMIT_KINDS)[number];

export interface SellerLimit {
  max: number;
  windowMs: number;
}
export type SellerLimits = Record<SellerLimitKind, SellerLimit>;

/** The defaults (README, .env.example): a person's pace passes, a script's does not. */
export const DEFAULT_SELLER_LIMITS: SellerLimits = {
  posts: { max: 10, windowMs: 10 * 60_000 },
  comments: { max: 30, windowMs: 60_000 },
  likes: { max: 120, windowMs: 60_000 },
  pushSubscriptions: { max: 10, windowMs: 60 * 60_000 },
};

/** The environment variable of each kind. */
export const SELLER_LIMIT_ENV: Record<SellerLimitKind, string> = {
  posts: 'RATE_LIMIT_POSTS',
  comments: 'RATE_LIMIT_COMMENTS',
  likes: 'RATE_LIMIT_LIKES',
  pushSubscriptions: 'RATE_LIMIT_PUSH_SUBSCRIPTIONS',
};

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `10/10m` → 10 writes in 10 minutes (units s, m, h); a Spanish message when it does not read. */
export function parseSellerLimit(text: string): SellerLimit | string {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*([smh])\s*$/.exec(text);
  if (!match) return 'debe ser <cantidad>/<tiempo>, por ejemplo 10/10m (s: segundos, m: minutos, h: horas)';
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  if (max < 1) return 'la cantidad debe ser 1 o más';
  if (windowMs < 1000 || windowMs > 24 * 3_600_000) return 'el tiempo debe ser de 1 segundo a 24 horas';
  return { max, windowMs };
}
