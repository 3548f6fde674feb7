import { z } from 'zod';
import { ZRole } from '../people/users.ts';
import { zDay } from '../points/reports.ts';
import { INT4_MAX, isInDateRange, outOfDateRange, zCursor, zDecimal, zOneOf, zTimestamp } from './common.ts';
import { registerMessages } from './human-messages.ts';

/**
 * The audit trail (docs/product.md#audit-trail, ASVS V7): what administrators wrote, read through
 * `GET /api/audit` (docs/decisions/2026-11-24-audit-trail.md), shown by the panel's Auditoría screen
 * (docs/decisions/2026-11-27-audit-screen.md).
 */
export const AUDIT_MSG = registerMessages({
  actorInvalid: 'El administrador debe ser un número entero positivo',
  entityInvalid: 'La entidad no es una de las auditadas',
  entityIdInvalid: 'El registro debe ser un número entero positivo',
  actionInvalid: 'La acción debe ser create, update o delete',
  perPageInvalid: 'La cantidad por página debe ser 10, 20, 50 o 100',
  dateRangeInvalid: 'La fecha desde no puede ser posterior a la fecha hasta',
  loadError: 'Error al cargar la auditoría',
  sortInvalid: 'El orden debe ser at, actor_email, entity o action (con - delante para descendente)',
  cursorWithSort: 'El cursor solo sirve en el orden por defecto (más nuevas primero)',
  fromOutOfRange: outOfDateRange('La fecha desde'),
  toOutOfRange: outOfDateRange('La fecha hasta'),
  listNotAccepted: 'Cada filtro lleva un solo valor y sin []: por ejemplo entity=users',
});

/**
 * A day of the trail's filters: a real calendar day within the years the panel keeps dates in. A
 * day such as 9999-12-31 is a day, but its next one is past what the database can count to, and
 * the answer was a generic error (issue 28, item 10).
 */
const zAuditDay = (message: string) => zDay.refine((s) => isInDateRange(`${s}T12:00:00Z`), message);

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audited tables (each has the audit_row() trigger, migration 0010). */
export const AUDIT_ENTITIES = [
  'users',
  'branches',
  'suppliers',
  'brands',
  'posts',
  'post_images',
  'post_likes',
  'post_comments',
  'stories',
  'story_views',
  'notification_types',
  'notifications',
  'notification_reads',
  'event_types',
  'events',
  'point_actions',
  'point_transactions',
  'surveys',
  'survey_questions',
  'survey_responses',
  'survey_answers',
  'monthly_volumes',
  'monthly_target_units',
  'push_subscriptions',
  'seller_quiet_hours',
  // Only their ending (UPDATE OF revoked_at, migration 0022): issue 30, section 4.
  'sessions',
  // The second factor (issue 30, section 2): on, off, new recovery codes, an administrator's reset.
  'user_totp',
  'mfa_recovery_codes',
  'user_passkeys',
  // The company's sign-in rules (the second factor required): docs/product.md#second-factor.
  'sign_in_settings',
] as const;
export type TAuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What each audited table is called: the kind in an entry's name ("Sucursal «Centro»", written by
 * the API with the entry) and the screen's filter option. A user is named by role instead
 * ("Vendedor «Ana Pérez»", "Administrador «…»").
 */
export const AUDIT_ENTITY_NAMES: Record<TAuditEntity, string> = {
  users: 'Usuario',
  branches: 'Sucursal',
  suppliers: 'Proveedor',
  brands: 'Marca',
  posts: 'Publicación',
  post_images: 'Imagen de publicación',
  post_likes: 'Me gusta',
  post_comments: 'Comentario',
  stories: 'Historia',
  story_views: 'Vista de historia',
  notification_types: 'Tipo de notificación',
  notifications: 'Notificación',
  notification_reads: 'Lectura de notificación',
  event_types: 'Tipo de evento',
  events: 'Evento',
  point_actions: 'Acción de puntos',
  point_transactions: 'Movimiento de puntos',
  surveys: 'Encuesta',
  survey_questions: 'Pregunta de encuesta',
  survey_responses: 'Respuesta de encuesta',
  survey_answers: 'Respuesta a una pregunta',
  monthly_volumes: 'Volumen mensual',
  monthly_target_units: 'Unidades del mes',
  push_subscriptions: 'Suscripción a avisos',
  seller_quiet_hours: 'Horario "No molestar"',
  sessions: 'Sesión',
  user_totp: 'Verificación en dos pasos',
  mfa_recovery_codes: 'Código de recuperación',
  user_passkeys: 'Llave de acceso',
  sign_in_settings: 'Reglas de ingreso al panel',
};

/** What a secret field reads in `changes` (password hashes, sealed connection strings, push keys). */
export const AUDIT_REDACTED = '[oculto]';

/** Columns the list sorts by; newest first (`-at`, by id) is the default and the only order the cursor walks. */
export const AUDIT_SORTABLE = ['at', 'actor_email', 'entity', 'action'] as const;
const AUDIT_SORT_VALUES = AUDIT_SORTABLE.flatMap((s) => [s, `-${s}`]) as [string, ...string[]];

export const AUDIT_PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_AUDIT_PER_PAGE = 20;

const zPositive = (message: string, max = INT4_MAX) =>
  zDecimal(z.number({ error: message }).int(message).positive(message).max(max, message));

/** Newest first; `from`/`to` are inclusive business days (APP_TIMEZONE). */
export const ZAuditListQuery = z
  .object({
    page: zDecimal(z.number().int().min(1).max(INT4_MAX)).default(1),
    per_page: zOneOf(AUDIT_PER_PAGE_OPTIONS, AUDIT_MSG.perPageInvalid).default(DEFAULT_AUDIT_PER_PAGE),
    /** Keyset paging for deep pages (meta.next_cursor); `page` then only labels the answer. */
    cursor: zCursor(),
    /** A column, `-` in front for descending; default `-at` (newest first, by id). */
    sort: z.enum(AUDIT_SORT_VALUES, { error: AUDIT_MSG.sortInvalid }).optional(),
    actor_id: zPositive(AUDIT_MSG.actorInvalid).optional(),
    entity: z.enum(AUDIT_ENTITIES, { error: AUDIT_MSG.entityInvalid }).optional(),
    entity_id: zPositive(AUDIT_MSG.entityIdInvalid, Number.MAX_SAFE_INTEGER).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MSG.actionInvalid }).optional(),
    from: zAuditDay(AUDIT_MSG.fromOutOfRange).optional(),
    to: zAuditDay(AUDIT_MSG.toOutOfRange).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: AUDIT_MSG.dateRangeInvalid,
    path: ['from'],
  })
  .refine((v) => !v.cursor || !v.sort || v.sort === '-at', {
    message: AUDIT_MSG.cursorWithSort,
    path: ['cursor'],
  });
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;

export const ZAuditChange = z.object({ before: z.unknown(), after: z.unknown() });
export type TAuditChange = z.infer<typeof ZAuditChange>;

/** One row written with an entry's record, and its changed fields (as its own entry showed them). */
export const ZAuditCascadeRow = z.object({
  id: z.number().int().nullable(),
  /** Only the changed fields: {field: {before, after}}. */
  changes: z.record(z.string(), ZAuditChange),
});
export type TAuditCascadeRow = z.infer<typeof ZAuditCascadeRow>;

/**
 * Rows of one kind that went with an entry's record in the same action: not entries of their own
 * (issue 28, item 17). With a deleted record, the rows removed with it (a post's images, likes and
 * comments) or emptied by it; with a created or changed record, the rows that belong to it written
 * in the same action (a new post's images, a survey's questions), with their values in `rows`.
 */
export const ZAuditCascade = z.object({
  /** The table, one of AUDIT_ENTITIES. */
  entity: z.string(),
  /** What was done to them: `update` with a deleted record is a reference it emptied. */
  action: z.enum(['create', 'update', 'delete']),
  count: z.number().int(),
  /** Their ids (the first 100 when there were more). */
  ids: z.array(z.number().int()),
  /**
   * Only with a created or changed record: each row's changed fields, in the order written (the
   * first 100). A deleted record's cascade keeps no values.
   */
  rows: z.array(ZAuditCascadeRow).optional(),
});
export type TAuditCascade = z.infer<typeof ZAuditCascade>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: zTimestamp,
  /** null: written without a signed-in administrator. */
  actor_id: z.number().int().nullable(),
  /** The email when it happened, and the name today. */
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  /**
   * The role the actor acted with ("admin", "branch_manager"; "seller" for a seller's own audited
   * writes): null on entries written before 2026-12-05, all of them administrators'.
   */
  actor_role: ZRole.nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  /** The API operation, "PUT /api/users/:id". */
  route: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  /** Only the changed fields: {field: {before, after}}. */
  changes: z.record(z.string(), ZAuditChange),
  /**
   * The record's name when it was written, kind first: "Publicación «Hola a todos…»",
   * "Vendedor «Ana Pérez»". null on entries written before 2026-12-02.
   */
  label: z.string().nullable(),
  /** What went with the record in the same action, per kind; null when nothing did. */
  cascade: z.array(ZAuditCascade).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
