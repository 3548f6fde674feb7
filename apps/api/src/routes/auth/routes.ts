import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endMySessionRoute } from './end-my-session.ts';
import { endOtherSessionsRoute } from './end-other-sessions.ts';
import { listMySessionsRoute } from './list-my-sessions.ts';
import { loginRoute } from './login.ts';
import { logoutRoute } from './logout.ts';
import { meRoute } from './me.ts';
import { passwordResetRoutes } from './password-reset.ts';

/** Sign-in: /api/login, /api/logout, /api/me, /api/me/sessions, /api/password-reset. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(loginRoute);
  await app.register(logoutRoute);
  await app.register(meRoute);
  await app.register(listMySessionsRoute);
  await app.register(endMySessionRoute);
  await app.register(endOtherSessionsRoute);
  await app.register(passwordResetRoutes);
};
