import {
  COMMUNITY_APP_PATH,
  OIDC_MSG,
  ZLoginResponse,
  ZMfaChallenge,
  ZOidcApp,
  ZOidcExchangeRequest,
  ZOidcInfoResponse,
} from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { DeviceCookies } from '../../services/auth/device-cookie.ts';
import { OidcSignIn } from '../../services/auth/oidc.ts';
import { signInWithCompanyAccount } from '../../services/auth/sign-in.ts';
import { errors, ZNoContent } from '../schemas.ts';
import { setDeviceCookie, signInDeps, signInOrigin } from './login.ts';

const ZRedirect = ZNoContent.describe('Redirección (Location)');

/**
 * What issuers put on the callback (RFC 6749 §4.1.2, RFC 9207 `iss`, OpenID session management, and
 * Google's `authuser`, `hd`, `prompt`, `scope`). Every /api route refuses a query parameter it does not
 * declare (plugins/strict-query.ts); the values themselves are read by openid-client.
 */
const zCallbackValue = z
  .string()
  .max(2048, 'Demasiado largo (2048 caracteres como mucho)')
  .regex(/^[\x20-\x7e]*$/, 'Solo caracteres ASCII visibles (RFC 6749)');

const ZCallbackQuery = z.object({
  // Always sent back (the start always sends one), with a code or with an error.
  state: zCallbackValue.min(1, 'Falta state'),
  ...Object.fromEntries(
    [
      'code',
      'iss',
      'scope',
      'error',
      'error_description',
      'error_uri',
      'session_state',
      'authuser',
      'hd',
      'prompt',
      'client_info',
    ].map((key) => [key, zCallbackValue.optional()]),
  ),
});

/** Where each app's sign-in screen is: the callback sends the browser back there with a fragment. */
const SIGN_IN_PAGE = { panel: '/login', community: COMMUNITY_APP_PATH } as const;

/**
 * The company's own sign-in, OpenID Connect (docs/decisions/2026-12-04-oidc.md): present only while
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set, else GET /api/login/oidc says `enabled: false`
 * (the panel and the app show no button) and the flow's routes answer 404. The flow: services/auth/oidc.ts.
 */
export const loginOidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = new DeviceCookies(app.config.appSecret);
  let current: { config: object; signIn: OidcSignIn } | null = null;
  const oidc = (): OidcSignIn => {
    const config = app.config.oidc;
    if (!config) throw notFound();
    if (current?.config !== config)
      current = { config, signIn: new OidcSignIn(config, app.config.publicUrl) };
    return current.signIn;
  };

  app.get(
    '/api/login/oidc',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Ingreso con la cuenta de la empresa: ¿está configurado?',
        description:
          '`enabled`: OIDC_ISSUER, OIDC_CLIENT_ID y OIDC_CLIENT_SECRET están definidos. Sin ellos, el panel y la app ' +
          'no muestran "Ingresar con la cuenta de la empresa" y las demás rutas `/api/login/oidc/*` responden 404.',
        response: { 200: ZOidcInfoResponse },
      },
    },
    async () => ({ data: { enabled: app.config.oidc !== undefined } }),
  );

  app.get(
    '/api/login/oidc/start',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Ingresar con la cuenta de la empresa',
        description:
          'Redirige (302) al emisor (OpenID Connect, código de autorización con PKCE, `state` y `nonce`). ' +
          '`app`: adónde vuelve, el panel o la app de vendedores. El pedido vale 10 minutos y una sola vez.',
        querystring: z.object({ app: ZOidcApp.default('panel') }),
        response: { 302: ZRedirect, ...errors(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const signIn = oidc();
      let url: URL;
      try {
        url = await signIn.start(app.db, request.query.app, app.now());
      } catch (error) {
        request.log.error({ err: error }, 'el emisor de OpenID Connect no responde');
        throw new HttpError(503, OIDC_MSG.failed);
      }
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/api/login/oidc/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Vuelta del emisor',
        description:
          'El emisor vuelve acá con `code` y `state`. Redirige (302) a la pantalla de ingreso del panel o de la ' +
          'app con `#oidc_code=…` (un código de un solo uso, 1 minuto, para `POST /api/login/oidc/exchange`) o ' +
          '`#oidc_error=…` (`unknown_email`, `unverified_email`, `inactive`, `failed`). Nunca un token de sesión ' +
          'en la URL.',
        querystring: ZCallbackQuery,
        response: { 302: ZRedirect, ...errors(404) },
      },
    },
    async (request, reply) => {
      const signIn = oidc();
      const currentUrl = new URL(request.url, `${app.config.publicUrl}/`);
      const outcome = await signIn.callback(app.db, currentUrl, app.now(), request.log);
      const page = SIGN_IN_PAGE[outcome.app];
      if ('refused' in outcome) {
        request.log.info(
          { refused: outcome.refused, detail: outcome.detail },
          'ingreso con la cuenta de la empresa',
        );
        return reply.redirect(`${page}#oidc_error=${outcome.refused}`, 302);
      }
      return reply.redirect(`${page}#oidc_code=${outcome.handoff}`, 302);
    },
  );

  app.post(
    '/api/login/oidc/exchange',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Abrir la sesión del ingreso con la cuenta de la empresa',
        description:
          'Cambia el código de `#oidc_code=` (un solo uso, 1 minuto) por la misma sesión que un ingreso con ' +
          'contraseña: cookie de dispositivo, límites de intentos, puntos del día y una entrada en Auditoría ' +
          '("Inicio de sesión con la cuenta de la empresa"). Una cuenta del panel con verificación en dos pasos ' +
          'recibe `{mfa_required: true, methods, mfa_token}` como después de la contraseña. Si las cuentas del ' +
          'panel solo ingresan así, este es su único camino.',
        body: ZOidcExchangeRequest,
        response: { 200: ZLoginResponse.or(ZMfaChallenge), ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const signIn = oidc();
      const userId = await signIn.takeHandoff(app.db, request.body.code, app.now());
      if (userId === null) throw new HttpError(401, OIDC_MSG.handoffExpired);
      const signedIn = await signInWithCompanyAccount(signInDeps(app, devices, request), {
        ...signInOrigin(request),
        userId,
      });
      if ('mfaToken' in signedIn) {
        return { mfa_required: true as const, methods: signedIn.methods, mfa_token: signedIn.mfaToken };
      }
      setDeviceCookie(request, reply, signedIn.deviceCookie);
      return { token: signedIn.token, user: signedIn.user };
    },
  );
};
