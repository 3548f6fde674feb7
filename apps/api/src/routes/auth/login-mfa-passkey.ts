import { ZLoginResponse, ZPasskeyMfa } from '@panel/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceCookies } from '../../services/auth/device-cookie.ts';
import { signInWithCode } from '../../services/auth/sign-in.ts';
import { errors } from '../schemas.ts';
import { setDeviceCookie, signInDeps, signInOrigin } from './login.ts';
import { appRelyingParty } from './passkey-rp.ts';

/** The second step with a passkey: the token the password gave and the browser's answer. */
export const loginMfaPasskeyRoute: FastifyPluginAsyncZod = async (app) => {
  const devices = new DeviceCookies(app.config.appSecret);
  const rp = appRelyingParty(app);
  app.post(
    '/api/login/mfa/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión: llave de acceso como segundo paso',
        description:
          '`mfa_token` (el de `POST /api/login`) y `response` (lo que respondió `navigator.credentials.get`). ' +
          'Responde como `POST /api/login/mfa`, con los mismos límites: una llave que no es válida cuenta como ' +
          'un código incorrecto.',
        body: ZPasskeyMfa,
        response: { 200: ZLoginResponse, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await signInWithCode(signInDeps(app, devices, request), {
        ...signInOrigin(request),
        mfaToken: request.body.mfa_token,
        passkey: request.body.response as unknown as AuthenticationResponseJSON,
        rp,
      });
      setDeviceCookie(request, reply, signedIn.deviceCookie);
      return { token: signedIn.token, user: signedIn.user };
    },
  );
};
