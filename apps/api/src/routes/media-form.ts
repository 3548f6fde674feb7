import { MSG } from '@panel/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { branches } from '../db/schema/branches.ts';
import { badRequest } from '../lib/http-errors.ts';
import { describeField } from '../plugins/error-mapping.ts';

/**
 * Form bodies with files are validated in the handler, not by Fastify, so that the text fields
 * and the files are checked together and every problem comes back at once in `errors`.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  body: unknown,
  extra: Record<string, string[]> = {},
): z.output<S> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const parsed = schema.safeParse(fields);
  const errors: Record<string, string[]> = {};
  const add = (field: string, messages: string[]) => {
    errors[field] = [...(errors[field] ?? []), ...messages];
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.join('.') || 'body', [issue.message]);
  }
  for (const [field, messages] of Object.entries(extra)) add(field, messages);
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(describeField(first[0], first[1][0] ?? MSG.invalidInput), errors);
  return (parsed as { data: z.output<S> }).data;
}

/** null = every branch; otherwise the branch must exist (400 naming the field). */
export async function checkBranch(db: Db, branchId: number | null, message: string): Promise<void> {
  if (branchId === null) return;
  const [found] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId));
  if (!found) throw badRequest(message, { branch_id: [message] });
}
