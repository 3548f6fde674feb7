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
 * Security headers on the pages (the panel, the sellers' app, the API docs) and their files. They are the values helmet 8 sends with
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

/**
 * The API's own answers (JSON, CSV, .ics, the stored files: anything under /api/ but the docs' pages)
 * carry the headers that act on a response a browser does not render as a page, as the OWASP REST
 * Security Cheat Sheet lists them: nothing may load from or frame it (`default-src 'none'`,
 * `frame-ancestors 'none'`, DENY), no other site may read it (CORP), no sniffing, no referrer. The rest
 * of the full set (COOP, Origin-Agent-Cluster, DNS prefetch, X-Download-Options, cross-domain policies,
 * X-XSS-Protection) only acts on documents; each header costs every answer its validation and bytes,
 * and the API answers the most requests (docs/decisions/2026-12-02-api-answers-security-headers.md).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** An answer of the API (a request under /api/), not one of the docs' pages (/api/docs, its assets). */
export const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export const securityPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: no promise per request. App-wide: every answer needs its set,
    // the answers of no route (404) and the access check's 401 and 403 included.
    app.addHook(
      'onRequest',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        reply.headers(isApiAnswer(request.url) ? API_SECURITY_HEADERS : SECURITY_HEADERS);
        if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
        done();
      },
    );
  },
  { name: 'security' },
);
