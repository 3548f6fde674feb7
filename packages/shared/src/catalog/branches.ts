import { z } from 'zod';
import { hasVisibleText, makeListQuery, zOptionalText, zTimestamp, zVersion } from '../core/common.ts';
import { MSG } from '../core/messages.ts';

export const ZBranch = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  /** The connection string is a secret: it is never returned, only whether one is set. */
  has_connection_string: z.boolean(),
  created_at: zTimestamp,
  updated_at: zTimestamp,
  version: zVersion,
});
export type TBranch = z.infer<typeof ZBranch>;

/**
 * Create and update share one body. `connection_string`: absent keeps the stored value,
 * null or "" removes it, any other text replaces it.
 */
export const ZBranchInput = z.object({
  name: z
    .string({ error: MSG.nameRequired })
    .trim()
    .min(1, MSG.nameRequired)
    .refine(hasVisibleText, MSG.nameRequired)
    .max(120, MSG.branchNameTooLong),
  city: zOptionalText(120),
  address: zOptionalText(200),
  connection_string: z.string().max(2000).nullable().optional(),
});
export type TBranchInput = z.input<typeof ZBranchInput>;

export const ZBranchListQuery = makeListQuery(['name', 'city', 'address', 'created_at'] as const).extend({
  city: z.string().trim().max(120).optional(),
});
export type TBranchListQuery = z.input<typeof ZBranchListQuery>;

/** Distinct cities, for the list's filter. */
export const ZBranchCities = z.object({ data: z.array(z.string()) });
