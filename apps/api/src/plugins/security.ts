import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy. It allows inline styles only: Mantine and the Swagger UI inject
 * <style> tags. No inline script runs, except one a built app's index.html carries, allowed by its
 * own hash on that page only (`contentSecurityPolicy`). No upgrade-insecure-requests: the panel is
 * also served over plain HTTP on a LAN.
 */
const CSP_DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  ['base-uri', ["'self'"]],
  ['script-src', ["'self'"]],
  ['script-src-attr', ["'none'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['font-src', ["'self'", 'data:']],
  ['connect-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['frame-ancestors', ["'none'"]],
  ['form-action', ["'self'"]],
];

/**
 * Security headers on every answer (API, panel and docs). They are the values helmet 8 sends with
 * its defaults and the CSP above (plus `Referrer-Policy: no-referrer`), written once: helmet
 * rebuilt and re-rendered them, the CSP included, on every request.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return CSP_DIRECTIVES.map(([name, values]) =>
    name === 'script-src' ? [name, ...values, ...scriptHashes] : [name, ...values],
  )
    .map((directive) => directive.join(' '))
    .join(';');
}

/**
 * The CSP source of each inline script of a page (`'sha256-…'` of its text, as CSP Level 2 hashes
 * it): the community app's index.html carries its first calls inline (apps/community/src/boot.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': contentSecurityPolicy(),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * HSTS only over TLS (directly, or behind a trusted proxy that says `X-Forwarded-Proto: https`):
 * on a plain-HTTP LAN it would be meaningless, and a browser that met it on a shared host name
 * would refuse the plain-HTTP panel afterwards.
 */
const HSTS = 'max-age=31536000; includeSubDomains';

export const securityPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: no promise per request.
    app.addHook(
      'onRequest',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        reply.headers(SECURITY_HEADERS);
        if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
        done();
      },
    );
  },
  { name: 'security' },
);
