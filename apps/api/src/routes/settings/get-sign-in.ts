import { type TSignInSettings, ZSignInSettingsResponse } from '@panel/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSignInRules, type SignInRules } from '../../services/auth/sign-in-settings.ts';
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
          'en el panel). `mfa_required_by_server`: la exige MFA_REQUIRED, sea cual sea la regla. `oidc_only`: las cuentas ' +
          'del panel ingresan solo con la cuenta de la empresa (OpenID Connect); se aplica mientras esté configurado ' +
          '(`oidc_available`: OIDC_ISSUER y su cliente están definidos).',
        response: { 200: ZSignInSettingsResponse, ...errors(401, 403) },
      },
    },
    async () => {
      const rules = await readSignInRules(app.db);
      app.mfaRequirement.remember(rules.mfaRequired);
      return { data: signInSettingsData(app, rules) };
    },
  );
};

/** The rules as both routes answer them. */
export function signInSettingsData(app: FastifyInstance, rules: SignInRules): TSignInSettings {
  return {
    mfa_required: rules.mfaRequired,
    mfa_required_by_server: app.mfaRequirement.byServer,
    oidc_only: rules.oidcOnly,
    oidc_available: app.config.oidc !== undefined,
  };
}
