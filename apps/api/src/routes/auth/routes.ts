import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endMySessionRoute } from './end-my-session.ts';
import { endOtherSessionsRoute } from './end-other-sessions.ts';
import { listMySessionsRoute } from './list-my-sessions.ts';
import { loginRoute } from './login.ts';
import { loginMfaRoute } from './login-mfa.ts';
import { logoutRoute } from './logout.ts';
import { meRoute } from './me.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { recoveryCodesRoute } from './recovery-codes.ts';
import { totpConfirmRoute } from './totp-confirm.ts';
import { totpDisableRoute } from './totp-disable.ts';
import { totpSetupRoute } from './totp-setup.ts';

/** Sign-in: /api/login, /api/logout, /api/me, /api/me/sessions, /api/password-reset, /api/login/mfa and /api/me/mfa/* (second factor). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(loginRoute);
  await app.register(loginMfaRoute);
  await app.register(logoutRoute);
  await app.register(meRoute);
  await app.register(listMySessionsRoute);
  await app.register(endMySessionRoute);
  await app.register(endOtherSessionsRoute);
  await app.register(passwordResetRoutes);
  await app.register(totpSetupRoute);
  await app.register(totpConfirmRoute);
  await app.register(totpDisableRoute);
  await app.register(recoveryCodesRoute);
};
