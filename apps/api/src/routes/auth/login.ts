import { ZLoginRequest, ZLoginResponse, ZMfaChallenge } from '@panel/shared';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedUserAgent } from '../../services/auth/device.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_PATH,
  DeviceCookies,
} from '../../services/auth/device-cookie.ts';
import { getDummyHash } from '../../services/auth/passwords.ts';
import { type SignInDeps, type SignInOrigin, signIn } from '../../services/auth/sign-in.ts';
import { readSignInRules } from '../../services/auth/sign-in-settings.ts';
import { errors } from '../schemas.ts';

/**
 * Both roles sign in here (the community app too); the panel itself refuses sellers. The rules
 * (throttle, device cookie, session, daily points): services/auth/sign-in.ts. Both apps call with
 * their credentials (same origin), so the device cookie travels.
 */
export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  // Computed now (in the thread pool), so the first unknown-email login is not slower than the rest.
  void getDummyHash();
  const devices = new DeviceCookies(app.config.appSecret);
  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión',
        description:
          'Un inicio correcto deja en ese navegador una cookie de dispositivo (`panel_device`, HttpOnly, ' +
          'SameSite=Strict, solo para esta ruta). Con ella los intentos tienen su propio cupo de fallos; sin ' +
          'ella, todos los dispositivos desconocidos comparten un cupo por cuenta (10 cada 15 minutos) y uno ' +
          'por dirección (30): más allá, 429 con `Retry-After`, aun con la contraseña correcta. Una cuenta del ' +
          'panel con verificación en dos pasos recibe `{mfa_required: true, methods, mfa_token}` (`methods`: `totp` y/o `passkey`) y ninguna sesión: el código ' +
          'va a `POST /api/login/mfa` (el token vale 5 minutos y una sola vez). 403 para una cuenta del panel cuando ' +
          'solo se ingresa con la cuenta de la empresa (regla de "Ingreso al panel").',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse.or(ZMfaChallenge), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const signedIn = await signIn(signInDeps(app, devices, request), {
        email,
        password,
        ip: request.ip,
        deviceCookie: parseCookie(request.headers.cookie ?? '')[DEVICE_COOKIE],
        userAgent: storedUserAgent(request.headers['user-agent']),
      });
      if ('mfaToken' in signedIn) {
        return { mfa_required: true as const, methods: signedIn.methods, mfa_token: signedIn.mfaToken };
      }
      setDeviceCookie(request, reply, signedIn.deviceCookie);
      return { token: signedIn.token, user: signedIn.user };
    },
  );
};

/** What every way of signing in needs (services/auth/sign-in.ts). */
export function signInDeps(
  app: FastifyInstance,
  devices: DeviceCookies,
  request: FastifyRequest,
): SignInDeps {
  return {
    db: app.db,
    throttle: app.loginThrottle,
    devices,
    timeZone: app.config.timeZone,
    now: app.now,
    log: request.log,
    totpBox: app.totpBox,
    // The panel's "only with the company's account" applies while OpenID Connect is configured.
    companyOnly: async () => app.config.oidc !== undefined && (await readSignInRules(app.db)).oidcOnly,
  };
}

/** Where a sign-in comes from: address, device cookie, browser (kept with the session). */
export function signInOrigin(request: FastifyRequest): SignInOrigin {
  return {
    ip: request.ip,
    requestId: request.id,
    deviceCookie: parseCookie(request.headers.cookie ?? '')[DEVICE_COOKIE],
    userAgent: storedUserAgent(request.headers['user-agent']),
  };
}

/** The device cookie a sign-in leaves (device-cookie.ts); POST /api/login/mfa leaves it too. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: DEVICE_COOKIE,
      value,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
    }),
  );
}
