import { z } from 'zod';
import { emptyMeans, zDecimal } from '../core/common.ts';

/**
 * Fields of the bodies the panel sends as forms (docs/api-contract.md, docs/product.md#server-rules): multipart and urlencoded
 * values arrive as strings, JSON as numbers, so ids are coerced here, in the one shared schema.
 */
const MAX_INT = 2_147_483_647;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A type id: absent or blank is `fallback` (docs/product.md#constants: type 1). */
export const zFormTypeId = (fallback: number, message: string) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : v),
    zDecimal(z.number({ error: message }).int(message).min(1, message).max(MAX_INT, message)),
  );

/**
 * A branch id where 0, null, blank or absent means every branch (docs/product.md#the-panels-screens,
 * #constants); stored as null. Answers give every branch as `null`, so a PUT of a record as read keeps
 * its meaning (docs/product.md#all-branches): on a PUT, null and blank are every branch too, not a
 * missing value.
 */
export const zFormBranchId = (message: string) =>
  emptyMeans(
    z
      .preprocess(
        (v) => (blank(v) ? 0 : v),
        zDecimal(z.number({ error: message }).int(message).min(0, message).max(MAX_INT, message)),
      )
      .transform((v) => (v === 0 ? null : v)),
    'todas las sucursales',
  );

/** `#RRGGBB`, stored upper-case; absent or blank is the spec's default #FF0000. */
export const DEFAULT_COLOR = '#FF0000';
export const zHexColor = (message: string) =>
  z.preprocess(
    (v) => (blank(v) ? DEFAULT_COLOR : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: message })
      .regex(/^#[0-9a-fA-F]{6}$/, message)
      .transform((v) => v.toUpperCase()),
  );

/** An id filter in a list's query string. */
export const zQueryId = zDecimal(z.number().int().min(1).max(MAX_INT)).optional();
