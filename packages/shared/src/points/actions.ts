import { z } from 'zod';
import {
  emptyMeans,
  hasVisibleText,
  makeListQuery,
  presentOnPut,
  requiredOnPut,
  zInt32,
  zOptionalText,
  zQueryBool,
  zTimestamp,
  zVersion,
} from '../core/common.ts';
import { MSG } from '../core/messages.ts';

/** Texts of Configuración (/point-actions), docs/product.md#point-actions, #validation-messages, #messages. */
export const POINT_ACTION_MSG = {
  keyRequired: 'La clave es obligatoria',
  keyFormat: 'La clave solo puede tener letras, números y guiones bajos (por ejemplo compartir_post)',
  keyTaken: 'Ya existe una acción con esa clave',
  nameRequired: MSG.nameRequired,
  pointsNegative: 'Los puntos no pueden ser negativos',
  pointsInteger: 'Los puntos deben ser un número entero',
  dailyLimitMin: 'El límite diario debe ser un número entero de al menos 1',
  cooldownMin: 'El cooldown debe ser un número entero de al menos 1 segundo',
  notFound: 'La acción no existe',
  builtInDelete:
    'Las acciones propias de la app no se pueden eliminar, porque la app las otorga. Podés desactivarla.',
  inUse: 'No se puede eliminar la acción porque ya otorgó puntos. Podés desactivarla.',
  created: 'Acción creada correctamente',
  updated: 'Acción actualizada correctamente',
  deleted: 'Acción eliminada correctamente',
  activated: 'Acción activada',
  deactivated: 'Acción desactivada',
  deleteError: 'Error al eliminar',
  saveError: 'Error al guardar',
  toggleError: 'Error al cambiar estado',
  loadError: 'Error al cargar acciones',
  loadErrorToast: 'Error al cargar acciones de puntos',
  empty: 'No hay acciones configuradas. Crea una nueva para comenzar.',
} as const;

/** The keys the app's own events award (docs/product.md#points-engine): editable, never deletable. */
export const BUILT_IN_POINT_ACTION_KEYS = [
  'daily_login',
  'create_post',
  'like_post',
  'comment_post',
  'view_story',
  'complete_survey',
] as const;
export type TBuiltInPointActionKey = (typeof BUILT_IN_POINT_ACTION_KEYS)[number];

export const DEFAULT_ACTION_POINTS = 10;

/** "Dar Me Gusta " → "dar_me_gusta": lower case, accents dropped, spaces to underscores. */
export function normalizeActionKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
}

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const zMinOne = (message: string) =>
  emptyMeans(z.preprocess(emptyToNull, zInt32({ min: 1, message }).nullable()), 'sin límite');

/** The editable fields; the key is only read on create. */
const fields = {
  name: z
    .string({ error: POINT_ACTION_MSG.nameRequired })
    .trim()
    .min(1, POINT_ACTION_MSG.nameRequired)
    .refine(hasVisibleText, POINT_ACTION_MSG.nameRequired)
    .max(120),
  description: zOptionalText(500),
  points: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? DEFAULT_ACTION_POINTS : v),
    z
      .number({ error: POINT_ACTION_MSG.pointsInteger })
      .int(POINT_ACTION_MSG.pointsInteger)
      .min(0, POINT_ACTION_MSG.pointsNegative)
      .max(1_000_000),
  ),
  active: z.boolean().default(true),
  daily_limit: zMinOne(POINT_ACTION_MSG.dailyLimitMin),
  cooldown_seconds: zMinOne(POINT_ACTION_MSG.cooldownMin),
};

export const ZPointActionCreate = z.object({
  key: z
    .string({ error: POINT_ACTION_MSG.keyRequired })
    .min(1, { error: POINT_ACTION_MSG.keyRequired, abort: true })
    .transform(normalizeActionKey)
    .pipe(
      z
        .string()
        .min(1, { error: POINT_ACTION_MSG.keyRequired, abort: true })
        .max(60)
        .regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, POINT_ACTION_MSG.keyFormat),
    ),
  ...fields,
});
/** The body as sent (number inputs may send '' for "none"; absent points default to 10). */
export interface TPointActionCreate {
  key: string;
  name: string;
  description?: string | null;
  points?: number | '';
  active?: boolean;
  daily_limit?: number | '' | null;
  cooldown_seconds?: number | '' | null;
}

/**
 * PUT: the same fields, and the ones with a default on create must be sent (no silent reset);
 * a `key` sent along is ignored (the key is fixed after creation).
 */
export const ZPointActionUpdate = presentOnPut(
  requiredOnPut(z.object(fields), ['points', 'active', 'daily_limit', 'cooldown_seconds']),
);
export type TPointActionUpdate = Omit<TPointActionCreate, 'key'>;

export const ZPointActionToggle = z.object({
  active: z.boolean({ error: 'Indicá si la acción queda activa' }),
});

export const ZPointAction = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  points: z.number().int(),
  active: z.boolean(),
  daily_limit: z.number().int().nullable(),
  cooldown_seconds: z.number().int().nullable(),
  /** One of the app's own actions: it cannot be deleted. */
  built_in: z.boolean(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
  version: zVersion,
});
export type TPointAction = z.infer<typeof ZPointAction>;

export const ZPointActionListQuery = makeListQuery(['name', 'key', 'points', 'created_at'] as const).extend({
  active: zQueryBool,
});
export type TPointActionListQuery = z.input<typeof ZPointActionListQuery>;

/** "+N pts", "N/día" or "Sin límite", "Ns" or "Sin cooldown" (docs/product.md#point-actions). */
export const formatActionPoints = (points: number) => `+${points} pts`;
export const formatDailyLimit = (limit: number | null) => (limit === null ? 'Sin límite' : `${limit}/día`);
export const formatCooldown = (seconds: number | null) => (seconds === null ? 'Sin cooldown' : `${seconds}s`);
