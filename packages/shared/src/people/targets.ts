import { z } from 'zod';
import {
  DATE_MAX_YEAR,
  DATE_MIN_YEAR,
  DEFAULT_PER_PAGE,
  makeListQuery,
  zDecimal,
  zId,
  zTimestamp,
} from '../core/common.ts';
import { MONTHS_ES } from '../core/constants.ts';

/** Spanish texts of the monthly volumes and target units (docs/product.md#sellers, #validation-messages, #messages). */
export const TARGETS_MSG = {
  userRequired: 'El vendedor es obligatorio',
  userNotSeller: 'Solo los vendedores tienen volúmenes y unidades pretendidas',
  yearInvalid: 'El año debe ser un número entero entre 2000 y 2100',
  monthInvalid: 'El mes debe ser un número entero entre 1 y 12',
  amountRequired: 'El monto es obligatorio',
  amountInvalid: 'El monto debe ser un número mayor o igual a 0',
  amountTooLarge: 'El monto no puede superar 999.999.999.999,99',
  unitsInvalid: 'Las unidades deben ser un número entero mayor o igual a 0',
  unitsTooLarge: 'Las unidades no pueden superar 2.000.000.000',
  itemsInvalid: 'Enviá entre 1 y 12 meses en items',
  monthRepeated: 'Cada mes puede aparecer una sola vez en items',
  supplierRequired: 'El proveedor es obligatorio',
  brandRequired: 'La marca es obligatoria',
  volumeNotFound: 'El volumen mensual no existe',
} as const;

export const MIN_YEAR = DATE_MIN_YEAR;
export const MAX_YEAR = DATE_MAX_YEAR;
export const MAX_AMOUNT = 999_999_999_999.99;
export const MAX_UNITS = 2_000_000_000;

const zQueryId = (message: string) => zDecimal(zId(message));
const zYear = zDecimal(
  z
    .number({ error: TARGETS_MSG.yearInvalid })
    .int(TARGETS_MSG.yearInvalid)
    .min(MIN_YEAR, TARGETS_MSG.yearInvalid)
    .max(MAX_YEAR, TARGETS_MSG.yearInvalid),
);
const zMonth = zDecimal(
  z
    .number({ error: TARGETS_MSG.monthInvalid })
    .int(TARGETS_MSG.monthInvalid)
    .min(1, TARGETS_MSG.monthInvalid)
    .max(12, TARGETS_MSG.monthInvalid),
);
// Bodies are JSON: numbers stay numbers (no coercion of "" or true into 0 / 1).
const zBodyId = (message: string) => zId(message);
const zBodyYear = z
  .number({ error: TARGETS_MSG.yearInvalid })
  .int(TARGETS_MSG.yearInvalid)
  .min(MIN_YEAR, TARGETS_MSG.yearInvalid)
  .max(MAX_YEAR, TARGETS_MSG.yearInvalid);
const zBodyMonth = z
  .number({ error: TARGETS_MSG.monthInvalid })
  .int(TARGETS_MSG.monthInvalid)
  .min(1, TARGETS_MSG.monthInvalid)
  .max(12, TARGETS_MSG.monthInvalid);

// ---- Monthly volumes ---------------------------------------------------------------------

export const ZVolume = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  target_amount: z.number(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
});
export type TVolume = z.infer<typeof ZVolume>;

const zTargetAmount = z
  .number({ error: TARGETS_MSG.amountRequired })
  .min(0, { error: TARGETS_MSG.amountInvalid, abort: true })
  .max(MAX_AMOUNT, TARGETS_MSG.amountTooLarge);

export const ZVolumeUpsert = z.object({
  user_id: zBodyId(TARGETS_MSG.userRequired),
  year: zBodyYear,
  month: zBodyMonth,
  target_amount: zTargetAmount,
});
export type TVolumeUpsert = z.input<typeof ZVolumeUpsert>;

/** A year of volumes saved at once (one transaction); `target_amount: null` deletes the month. */
export const ZVolumesBulkUpsert = z.object({
  user_id: zBodyId(TARGETS_MSG.userRequired),
  year: zBodyYear,
  items: z
    .array(z.object({ month: zBodyMonth, target_amount: zTargetAmount.nullable() }), {
      error: TARGETS_MSG.itemsInvalid,
    })
    .min(1, TARGETS_MSG.itemsInvalid)
    .max(12, TARGETS_MSG.itemsInvalid)
    .refine((items) => new Set(items.map((i) => i.month)).size === items.length, TARGETS_MSG.monthRepeated),
});
export type TVolumesBulkUpsert = z.input<typeof ZVolumesBulkUpsert>;

export const ZVolumesBulkResult = z.object({
  data: z.object({ saved: z.number().int(), cleared: z.number().int(), items: z.array(ZVolume) }),
});
export type TVolumesBulkResult = z.infer<typeof ZVolumesBulkResult>['data'];

export const ZVolumeListQuery = makeListQuery(['year', 'month', 'target_amount'] as const).extend({
  user_id: zQueryId(TARGETS_MSG.userRequired).optional(),
  year: zYear.optional(),
  month: zMonth.optional(),
});
export type TVolumeListQuery = z.input<typeof ZVolumeListQuery>;

// ---- Target units --------------------------------------------------------------------------

/** The units panel reads a whole year of a supplier and brand pair at once (docs/product.md#constants: 200). */
export const MAX_UNITS_PER_PAGE = 200;

export const ZTargetUnits = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  supplier_id: z.number().int(),
  brand_id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  units: z.number().int().nullable(),
  updated_at: zTimestamp,
});
export type TTargetUnits = z.infer<typeof ZTargetUnits>;

export const ZUnitsListQuery = makeListQuery(['year', 'month', 'units'] as const).extend({
  per_page: zDecimal(z.number().int().min(1).max(MAX_UNITS_PER_PAGE)).default(DEFAULT_PER_PAGE),
  user_id: zQueryId(TARGETS_MSG.userRequired).optional(),
  supplier_id: zQueryId(TARGETS_MSG.supplierRequired).optional(),
  brand_id: zQueryId(TARGETS_MSG.brandRequired).optional(),
  year: zYear.optional(),
  month: zMonth.optional(),
});
export type TUnitsListQuery = z.input<typeof ZUnitsListQuery>;

const zUnits = z
  .number({ error: TARGETS_MSG.unitsInvalid })
  .int(TARGETS_MSG.unitsInvalid)
  .min(0, TARGETS_MSG.unitsInvalid)
  .max(MAX_UNITS, TARGETS_MSG.unitsTooLarge)
  .nullable();

/** All the months of one year, for one supplier and brand pair: `units: null` clears a month. */
export const ZUnitsBulkUpsert = z.object({
  user_id: zBodyId(TARGETS_MSG.userRequired),
  supplier_id: zBodyId(TARGETS_MSG.supplierRequired),
  brand_id: zBodyId(TARGETS_MSG.brandRequired),
  year: zBodyYear,
  items: z
    .array(z.object({ month: zBodyMonth, units: zUnits }), { error: TARGETS_MSG.itemsInvalid })
    .min(1, TARGETS_MSG.itemsInvalid)
    .max(12, TARGETS_MSG.itemsInvalid)
    .refine((items) => new Set(items.map((i) => i.month)).size === items.length, TARGETS_MSG.monthRepeated),
});
export type TUnitsBulkUpsert = z.input<typeof ZUnitsBulkUpsert>;

export const ZUnitsBulkResult = z.object({
  data: z.object({ saved: z.number().int(), cleared: z.number().int(), items: z.array(ZTargetUnits) }),
});
export type TUnitsBulkResult = z.infer<typeof ZUnitsBulkResult>['data'];

// ---- Values typed in the dialogs ---------------------------------------------------------

export type ParsedTargetValue = { ok: true; value: number | null } | { ok: false };

const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * A monthly value as typed (docs/product.md#validation-messages): blank is "no value" (null); a comma decimal separator
 * becomes a dot; anything else must be a finite number >= 0 written with digits.
 */
export function parseTargetValue(text: string | number | null | undefined): ParsedTargetValue {
  if (text === null || text === undefined) return { ok: true, value: null };
  const raw = String(text).trim();
  if (raw === '') return { ok: true, value: null };
  const normalised = raw.replace(',', '.');
  if (!DECIMAL.test(normalised)) return { ok: false };
  const value = Number(normalised);
  if (!Number.isFinite(value) || value < 0) return { ok: false };
  return { ok: true, value };
}

/** Units are whole numbers: the same rule plus "an integer". */
export function parseTargetUnits(text: string | number | null | undefined): ParsedTargetValue {
  const parsed = parseTargetValue(text);
  if (!parsed.ok || parsed.value === null) return parsed;
  return Number.isInteger(parsed.value) && parsed.value <= MAX_UNITS ? parsed : { ok: false };
}

/** `Valor inválido en <Mes> "<texto>"` (docs/product.md#validation-messages). */
export const invalidValueMessage = (month: number, text: string) =>
  `Valor inválido en ${MONTHS_ES[month - 1]} "${text}"`;
