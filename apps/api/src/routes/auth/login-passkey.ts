import { ZLoginResponse, ZPasskeySignIn } from '@panel/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceCookies } from '../../services/auth/device-cookie.ts';
import { signInWithPasskey } from '../../services/auth/sign-in.ts';
import { errors } from '../schemas.ts';
import { setDeviceCookie, signInDeps, signInOrigin } from './login.ts';
import { appRelyingParty } from './passkey-rp.ts';

/**
 * A sign-in without a password: a passkey of an active panel account, verified by its device. Rules:
 * services/auth/sign-in.ts (signInWithPasskey).
 */
export const loginPasskeyRoute: FastifyPluginAsyncZod = async (app) => {
  const devices = new DeviceCookies(app.config.appSecret);
  const rp = appRelyingParty(app);
  app.post(
    '/api/login/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión con una llave de acceso',
        description:
          '`response`: lo que respondió `navigator.credentials.get` con las opciones de ' +
          '`POST /api/login/passkey/options`. Responde como `POST /api/login`, con la cookie de dispositivo. ' +
          'Solo cuentas del panel activas. 401 si la llave no es válida; los intentos fallidos cuentan como ' +
          'contraseñas incorrectas de esa cuenta (429).',
        body: ZPasskeySignIn,
        response: { 200: ZLoginResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await signInWithPasskey(signInDeps(app, devices, request), {
        ...signInOrigin(request),
        passkey: request.body.response as unknown as AuthenticationResponseJSON,
        rp,
      });
      setDeviceCookie(request, reply, signedIn.deviceCookie);
      return { token: signedIn.token, user: signedIn.user };
    },
  );
};
