import { ZLoginMfaRequest, ZLoginResponse } from '@panel/shared';
import { parseCookie } from 'cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedUserAgent } from '../../services/auth/device.ts';
import { DEVICE_COOKIE, DeviceCookies } from '../../services/auth/device-cookie.ts';
import { MFA_TOKEN_MAX_FAILURES } from '../../services/auth/mfa.ts';
import { signInWithCode } from '../../services/auth/sign-in.ts';
import { errors } from '../schemas.ts';
import { setDeviceCookie, signInDeps } from './login.ts';

/**
 * The second step of a sign-in with a second factor: the token POST /api/login answered and a code
 * (TOTP or recovery). Rules: services/auth/sign-in.ts (signInWithCode).
 */
export const loginMfaRoute: FastifyPluginAsyncZod = async (app) => {
  const devices = new DeviceCookies(app.config.appSecret);
  app.post(
    '/api/login/mfa',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión: código de verificación',
        description:
          '`mfa_token` (el de `POST /api/login`, 5 minutos, una sola vez) y `code`: los 6 dígitos de la ' +
          'aplicación o un código de recuperación (cada uno sirve una vez). Responde como `POST /api/login`. ' +
          'Un código de la aplicación ya aceptado no se acepta de nuevo. Los códigos incorrectos cuentan como ' +
          `contraseñas incorrectas (mismo cupo por cuenta y por dispositivo: 429 con \`Retry-After\`), y ${MFA_TOKEN_MAX_FAILURES} ` +
          'en un mismo token lo invalidan (401: hay que volver a ingresar email y contraseña).',
        body: ZLoginMfaRequest,
        response: { 200: ZLoginResponse, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await signInWithCode(signInDeps(app, devices, request), {
        mfaToken: request.body.mfa_token,
        code: request.body.code,
        ip: request.ip,
        deviceCookie: parseCookie(request.headers.cookie ?? '')[DEVICE_COOKIE],
        userAgent: storedUserAgent(request.headers['user-agent']),
      });
      setDeviceCookie(request, reply, signedIn.deviceCookie);
      return { token: signedIn.token, user: signedIn.user };
    },
  );
};
