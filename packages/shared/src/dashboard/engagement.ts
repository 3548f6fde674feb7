import { z } from 'zod';
import { makeListResponse, zDecimal, zInt, zOneOf } from '../core/common.ts';

/**
 * Participación (docs/product.md#participacion): how each branch follows the app, week by week, and
 * the sellers who stopped opening it.
 */

export const ENGAGEMENT_MSG = {
  weeksInvalid: 'Las semanas deben ser 4, 12 o 26',
  branchInvalid: 'La sucursal debe ser un número entero positivo',
  pageInvalid: 'La página debe ser un número entero positivo',
  dataError: 'Error al cargar la participación',
  inactiveError: 'Error al cargar los vendedores sin visitas',
  exportError: 'Error al exportar la participación',
} as const;

/** The periods the screen offers: the last 4, 12 or 26 complete weeks. */
export const ENGAGEMENT_WEEKS = [4, 12, 26] as const;
export type TEngagementWeeks = (typeof ENGAGEMENT_WEEKS)[number];
export const ENGAGEMENT_WEEKS_LABELS: Record<TEngagementWeeks, string> = {
  4: 'Últimas 4 semanas',
  12: 'Últimas 12 semanas',
  26: 'Últimas 26 semanas',
};
/** A seller is inactive after this many days without opening the app. */
export const INACTIVE_DAYS = 14;
/** The inactive sellers' list, a page at a time. */
export const INACTIVE_PER_PAGE = 20;

export const ZEngagementQuery = z.object({
  weeks: zOneOf(ENGAGEMENT_WEEKS, ENGAGEMENT_MSG.weeksInvalid).default(4),
});
export type TEngagementQuery = z.input<typeof ZEngagementQuery>;

export const ZEngagementInactiveQuery = z.object({
  branch_id: zDecimal(
    z
      .number({ error: ENGAGEMENT_MSG.branchInvalid })
      .int(ENGAGEMENT_MSG.branchInvalid)
      .positive(ENGAGEMENT_MSG.branchInvalid)
      .max(2_147_483_647, ENGAGEMENT_MSG.branchInvalid),
  ).optional(),
  page: zInt({ min: 1, message: ENGAGEMENT_MSG.pageInvalid }).default(1),
});
export type TEngagementInactiveQuery = z.input<typeof ZEngagementInactiveQuery>;

/** The values of one branch (or the company) over one week or one period. */
export const ZEngagementValues = z.object({
  /** Active sellers (accounts) of the branch today: the scale of the others. */
  sellers: z.number().int(),
  /** Sellers with at least one visit to the app. */
  active_sellers: z.number().int(),
  /** Posts seen by the branch's sellers (one per seller and post, counted when first seen). */
  posts_seen: z.number().int(),
  /** Likes given by the branch's sellers, per active seller (0 without active sellers). */
  likes_per_active: z.number(),
  /** Comments written by the branch's sellers, per active seller. */
  comments_per_active: z.number(),
  /** Of the notifications sent to the branch's sellers, the share of (notification, seller) read within 24 h; null when none was sent. */
  notifications_read_24h: z.number().nullable(),
  /** Answers / audience of the surveys active in the window; null when none was. */
  survey_response_rate: z.number().nullable(),
});
export type TEngagementValues = z.infer<typeof ZEngagementValues>;

/**
 * The weeks of a branch (or the company): one array per measure, one value per week of `weeks`, oldest
 * first. Columns, not one object per week: at 26 weeks and 50 branches the objects' repeated names were
 * most of a 235 KB answer. `sellers` is not repeated: it is today's, the period's (engagementWeek).
 */
export const ZEngagementWeekly = z.object({
  active_sellers: z.array(z.number().int()),
  posts_seen: z.array(z.number().int()),
  likes_per_active: z.array(z.number()),
  comments_per_active: z.array(z.number()),
  notifications_read_24h: z.array(z.number().nullable()),
  survey_response_rate: z.array(z.number().nullable()),
});
export type TEngagementWeekly = z.infer<typeof ZEngagementWeekly>;

const ZEngagementRow = z.object({
  /** The whole period, and the period of the same length just before it. */
  period: ZEngagementValues,
  previous: ZEngagementValues,
  weekly: ZEngagementWeekly,
});

/** The values of a row's week `i` (0 the oldest), as one object. */
export function engagementWeek(
  row: { period: TEngagementValues; weekly: TEngagementWeekly },
  i: number,
): TEngagementValues {
  const w = row.weekly;
  return {
    sellers: row.period.sellers,
    active_sellers: w.active_sellers[i] ?? 0,
    posts_seen: w.posts_seen[i] ?? 0,
    likes_per_active: w.likes_per_active[i] ?? 0,
    comments_per_active: w.comments_per_active[i] ?? 0,
    notifications_read_24h: w.notifications_read_24h[i] ?? null,
    survey_response_rate: w.survey_response_rate[i] ?? null,
  };
}

export const ZEngagement = z.object({
  weeks: z.number().int(),
  /** The Mondays (business time zone) the weeks start on, oldest first. */
  week_starts: z.array(z.string()),
  /** First and last day of the period, and of the previous one (AAAA-MM-DD, inclusive). */
  period: z.object({ from: z.string(), to: z.string() }),
  previous: z.object({ from: z.string(), to: z.string() }),
  company: ZEngagementRow,
  branches: z.array(ZEngagementRow.extend({ branch_id: z.number().int(), branch_name: z.string() })),
});
export type TEngagement = z.infer<typeof ZEngagement>;
export type TEngagementBranch = TEngagement['branches'][number];

export const ZInactiveSeller = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  /** The last day the seller opened the app (AAAA-MM-DD), null if never. */
  last_visit: z.string().nullable(),
});
export type TInactiveSeller = z.infer<typeof ZInactiveSeller>;
export const ZInactiveSellerList = makeListResponse(ZInactiveSeller);

/** The change of a value against the previous period, as a fraction (0.25 = +25 %); null when it had none. */
export function engagementChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/** The CSV's columns, in order (the branch table of the screen). */
export const ENGAGEMENT_CSV_HEADER = [
  'Sucursal',
  'Vendedores',
  'Activos',
  'Activos (variación)',
  'Publicaciones vistas',
  'Publicaciones vistas (variación)',
  'Me gusta por activo',
  'Me gusta por activo (variación)',
  'Comentarios por activo',
  'Comentarios por activo (variación)',
  'Notificaciones leídas en 24 h',
  'Notificaciones leídas en 24 h (variación)',
  'Respuesta a encuestas',
  'Respuesta a encuestas (variación)',
];
