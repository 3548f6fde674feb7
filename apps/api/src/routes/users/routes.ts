import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkActiveRoute } from './bulk-active.ts';
import { createUserRoute } from './create-user.ts';
import { endUserSessionsRoute } from './end-user-sessions.ts';
import { exportUsersRoute } from './export-users.ts';
import { getUserRoute } from './get-user.ts';
import { getUserActivityRoute } from './get-user-activity.ts';
import { importUsersRoute } from './import-users.ts';
import { listUserSessionsRoute } from './list-user-sessions.ts';
import { listUsersRoute } from './list-users.ts';
import { resetMfaRoute } from './reset-mfa.ts';
import { resetPasswordRoute } from './reset-password.ts';
import { updateUserRoute } from './update-user.ts';

/** Vendedores: /api/users (list, one, create, edit, password reset, bulk (de)activation, CSV export and import, activity, sessions, second factor reset). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listUsersRoute);
  await app.register(getUserRoute);
  await app.register(createUserRoute);
  await app.register(updateUserRoute);
  await app.register(resetPasswordRoute);
  await app.register(bulkActiveRoute);
  await app.register(exportUsersRoute);
  await app.register(importUsersRoute);
  await app.register(getUserActivityRoute);
  await app.register(listUserSessionsRoute);
  await app.register(endUserSessionsRoute);
  await app.register(resetMfaRoute);
};
