import { isPanelRole, ZMeResponse } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { mfaState } from '../../services/auth/mfa.ts';
import { toUserDto } from '../../services/users/records.ts';
import { errors } from '../schemas.ts';

export const meRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sesión'],
        summary: 'Usuario de la sesión',
        description:
          'Para una cuenta del panel, `meta.mfa`: si tiene la verificación en dos pasos, si es obligatoria ' +
          '(MFA_REQUIRED o la regla del panel) y cuántos códigos de recuperación le quedan.',
        response: { 200: ZMeResponse, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const meta = { time_zone: app.config.timeZone };
      if (!isPanelRole(user.role)) return { data: toUserDto(user), meta };
      const mfa = await mfaState(app.db, user.id);
      return {
        data: toUserDto(user),
        meta: {
          ...meta,
          mfa: {
            enabled: mfa.enabled,
            required: await app.mfaRequirement.current(),
            recovery_codes_left: mfa.recoveryCodesLeft,
          },
        },
      };
    },
  );
};
