import { MFA_MSG, OIDC_MSG, ZSignInSettingsResponse, ZSignInSettingsUpdate } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { hasSecondFactor } from '../../services/auth/mfa.ts';
import { saveSignInRules } from '../../services/auth/sign-in-settings.ts';
import { errors } from '../schemas.ts';
import { signInSettingsData } from './get-sign-in.ts';

/**
 * "Exigir la verificación en dos pasos a todas las cuentas del panel": on, every panel account without a
 * second factor can only set one up in "Mi cuenta" (docs/product.md#second-factor). Audited. Turning it on
 * needs the caller's own factor first.
 */
export const updateSignInSettingsRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/settings/sign-in',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['configuración'],
        summary: 'Cambiar las reglas de ingreso al panel',
        description:
          'Con `mfa_required: true`, toda cuenta del panel sin verificación en dos pasos solo puede activarla en ' +
          '"Mi cuenta" (403 `mfa_setup_required` en las demás llamadas). 409 si quien la activa no tiene la suya. ' +
          'Las demás instancias la aplican en 5 segundos como mucho. Con `oidc_only: true`, las cuentas del panel ' +
          'ingresan solo con la cuenta de la empresa: su contraseña y sus llaves de acceso responden 403 (409 si ' +
          'OpenID Connect no está configurado). Queda en Auditoría.',
        body: ZSignInSettingsUpdate,
        response: { 200: ZSignInSettingsResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (request.body.mfa_required && !(await hasSecondFactor(app.db, user.id))) {
        throw conflict(MFA_MSG.ownFactorFirst);
      }
      if (request.body.oidc_only && !app.config.oidc) throw conflict(OIDC_MSG.oidcOnlyNeedsIssuer);
      const rules = await saveSignInRules(
        app.db,
        { mfaRequired: request.body.mfa_required, oidcOnly: request.body.oidc_only },
        app.now(),
      );
      app.mfaRequirement.remember(rules.mfaRequired);
      return { data: signInSettingsData(app, rules) };
    },
  );
};
