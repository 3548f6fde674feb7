import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (API, panel and docs), `X-Content-Type-Options: nosniff`
 * included. The CSP allows inline styles only: Mantine and the Swagger UI inject <style>
 * tags, while no inline script runs anywhere. HSTS only over TLS (directly, or behind a trusted
 * proxy that says `X-Forwarded-Proto: https`): on a plain-HTTP LAN it would be meaningless, and a
 * browser that met it on a shared host name would refuse the plain-HTTP panel afterwards.
 */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          // Not upgrade-insecure-requests: the panel is also served over plain HTTP on a LAN.
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'no-referrer' },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      return payload;
    });
  },
  { name: 'security' },
);
