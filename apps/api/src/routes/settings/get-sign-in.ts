import { ZSignInSettingsResponse } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSignInRules } from '../../services/auth/sign-in-settings.ts';
import { errors } from '../schemas.ts';

/** "Ingreso al panel" in "Mi cuenta": the company's sign-in rules. */
export const getSignInSettingsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/sign-in',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['configuración'],
        summary: 'Reglas de ingreso al panel',
        description:
          '`mfa_required`: la verificación en dos pasos es obligatoria para las cuentas del panel (regla guardada ' +
          'en el panel). `mfa_required_by_server`: la exige MFA_REQUIRED, sea cual sea la regla.',
        response: { 200: ZSignInSettingsResponse, ...errors(401, 403) },
      },
    },
    async () => {
      const rules = await readSignInRules(app.db);
      app.mfaRequirement.remember(rules.mfaRequired);
      return {
        data: { mfa_required: rules.mfaRequired, mfa_required_by_server: app.mfaRequirement.byServer },
      };
    },
  );
};
