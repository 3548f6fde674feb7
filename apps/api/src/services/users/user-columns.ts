import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The columns of ZUser, with the branch name joined. A module of its own, so the sessions (which read the
 * signed-in account with them) do not import records.ts, which imports the branch scope, which names the
 * session's user: no cycle (.dependency-cruiser.cjs).
 */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  branch_id: users.branchId,
  branch_name: branches.name,
  avatar_url: users.avatarUrl,
  active: users.active,
  created_at: users.createdAt,
  version: users.version,
};
