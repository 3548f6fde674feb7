import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../plugins/auth.ts';
import { inBranchScope } from '../services/auth/branch-scope.ts';

/**
 * `config.versionScope` (plugins/preconditions.ts) of a versioned `panel` write on a table with a
 * `branch_id` (notifications, events, surveys): the rows the caller may reach, so a branch manager's
 * `If-Match` on another branch's record, or a company-wide one, answers 404 as without it.
 */
export const branchVersionScope = (request: FastifyRequest) =>
  inBranchScope(requireAuth(request).user, sql`branch_id`);
