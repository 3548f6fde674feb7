import { z } from 'zod';
import { INT4_MAX, zCursor, zDecimal, zOneOf, zQueryText, zTimestamp } from '../core/common.ts';

/**
 * What the panel reads from the points ledger: leaderboard, Historial, the gamification
 * dashboard (docs/product.md#points-dashboard–2.18, docs/product.md#points-engine). The engine that writes the ledger lives elsewhere.
 */

export const POINTS_REPORTS_MSG = {
  periodInvalid: 'El período debe ser all_time, monthly o weekly',
  limitInvalid: 'El límite debe ser 10, 20, 50 o 100',
  perPageInvalid: 'La cantidad por página debe ser 10, 20, 50 o 100',
  branchInvalid: 'La sucursal debe ser un número entero positivo',
  userInvalid: 'El usuario debe ser un número entero positivo',
  actionKeyInvalid: 'La clave de la acción no es válida',
  dateInvalid: 'La fecha debe tener el formato AAAA-MM-DD',
  dateRangeInvalid: 'La fecha desde no puede ser posterior a la fecha hasta',
  leaderboardEmpty: 'No hay vendedores con puntos en este período',
  leaderboardError: 'Error al cargar leaderboard',
  transactionsError: 'Error al cargar transacciones',
  dataError: 'Error al cargar datos',
  exportError: 'Error al exportar transacciones',
} as const;

export const LEADERBOARD_PERIODS = ['all_time', 'monthly', 'weekly'] as const;
export type TLeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const PERIOD_LABELS: Record<TLeaderboardPeriod, string> = {
  all_time: 'Histórico',
  monthly: 'Este mes',
  weekly: 'Esta semana',
};

export const LEADERBOARD_LIMITS = [10, 20, 50, 100] as const;
export const DEFAULT_LEADERBOARD_LIMIT = 20;
export const TRANSACTIONS_PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_TRANSACTIONS_PER_PAGE = 20;
/** docs/product.md#constants: dashboard top list 5, dashboard action list 10. */
export const DASHBOARD_TOP = 5;
export const DASHBOARD_ACTIONS = 10;
/** The charts' window, in business days (APP_TIMEZONE). */
export const ACTIVITY_DAYS = 30;

const zPeriod = z.enum(LEADERBOARD_PERIODS, { error: POINTS_REPORTS_MSG.periodInvalid });

const zPositiveId = (message: string) =>
  zDecimal(z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));

/** A business day (APP_TIMEZONE), as the date inputs send it (AAAA-MM-DD, a real calendar day). */
export const zDay = z
  .string()
  .refine((s) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, POINTS_REPORTS_MSG.dateInvalid)
  // The OpenAPI document says what the refine checks.
  .meta({ format: 'date' });

export const ZLeaderboardQuery = z.object({
  period: zPeriod.default('monthly'),
  limit: zOneOf(LEADERBOARD_LIMITS, POINTS_REPORTS_MSG.limitInvalid).default(DEFAULT_LEADERBOARD_LIMIT),
  branch_id: zPositiveId(POINTS_REPORTS_MSG.branchInvalid).optional(),
});
export type TLeaderboardQuery = z.input<typeof ZLeaderboardQuery>;

export const ZLeaderboardEntry = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  name: z.string(),
  branch_id: z.number().int().nullable(),
  branch_name: z.string().nullable(),
  period_points: z.number().int(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

export const ZLeaderboard = z.object({ data: z.array(ZLeaderboardEntry) });

/** Historial: page/per_page as in docs/product.md#constants (10/20/50/100, default 20) plus server-side filters. */
export const ZTransactionFilters = z
  .object({
    user_id: zPositiveId(POINTS_REPORTS_MSG.userInvalid).optional(),
    action_key: zQueryText(100, POINTS_REPORTS_MSG.actionKeyInvalid),
    /** Inclusive business days. */
    from: zDay.optional(),
    to: zDay.optional(),
    q: zQueryText(200),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: POINTS_REPORTS_MSG.dateRangeInvalid,
    path: ['from'],
  });
export type TTransactionFilters = z.input<typeof ZTransactionFilters>;

export const ZTransactionListQuery = z
  .object({
    page: zDecimal(z.number().int().min(1).max(INT4_MAX)).default(1),
    per_page: zOneOf(TRANSACTIONS_PER_PAGE_OPTIONS, POINTS_REPORTS_MSG.perPageInvalid).default(
      DEFAULT_TRANSACTIONS_PER_PAGE,
    ),
    /** Keyset paging for deep pages (meta.next_cursor); `page` then only labels the answer. */
    cursor: zCursor(),
  })
  .and(ZTransactionFilters);
export type TTransactionListQuery = z.input<typeof ZTransactionListQuery>;

export const ZPointTransaction = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  points: z.number().int(),
  /** null for credits that no action gave (manual adjustments). */
  action: z.object({ name: z.string(), key: z.string() }).nullable(),
  description: z.string().nullable(),
  reference_type: z.string().nullable(),
  reference_id: z.string().nullable(),
  created_at: zTimestamp,
});
export type TPointTransaction = z.infer<typeof ZPointTransaction>;

export const ZPointsSummaryQuery = z.object({ period: zPeriod.default('monthly') });

export const ZPointsSummary = z.object({
  period: zPeriod,
  active_actions: z.number().int(),
  /** Mean points of the active actions, rounded to one decimal; 0 when there is none. */
  average_points: z.number(),
  /** Sellers with points in the period. */
  top_users_count: z.number().int(),
  leader: z.object({ id: z.number().int(), name: z.string(), points: z.number().int() }).nullable(),
  top: z.array(ZLeaderboardEntry),
  actions: z.array(
    z.object({ id: z.number().int(), key: z.string(), name: z.string(), points: z.number().int() }),
  ),
  /** The last 30 business days, oldest first, zero-filled. */
  points_per_day: z.array(z.object({ date: z.string(), points: z.number().int() })),
  /** Points awarded per action over the same 30 days, most first. */
  points_per_action: z.array(z.object({ key: z.string(), name: z.string(), points: z.number().int() })),
});
export type TPointsSummary = z.infer<typeof ZPointsSummary>;

/** A short Spanish name for a ledger reference type (Historial's "Referencia" column). */
const REFERENCE_LABELS: Record<string, string> = {
  post: 'Post',
  like: 'Like',
  comment: 'Comentario',
  story: 'Historia',
  survey: 'Encuesta',
  login: 'Ingreso',
  day: 'Día',
};

export function referenceLabel(type: string | null, id: string | null): string {
  if (!type) return '-';
  const short = REFERENCE_LABELS[type] ?? type.split(/[\\/.]/).pop() ?? type;
  return id ? `${short} #${id}` : short;
}
