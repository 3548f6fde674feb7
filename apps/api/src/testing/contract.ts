import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';

/**
 * Every answer of the API suite checked against the live OpenAPI document (issue 20, "The OpenAPI
 * document as a contract"), the way an integrator's client reads it: Ajv with JSON Schema 2020-12
 * (the document's dialect). For each answer to a documented operation:
 * - its status is one the operation documents;
 * - its media type is one that status documents (no content documented: no body);
 * - a JSON body matches that status's schema; a text body (CSV, calendar) is a string; bytes are
 *   not read.
 * Validators are compiled once per operation, status and media type, the first time one is needed.
 * Paths outside the document (the panel's files, an unknown route's 404) are not checked.
 */
type Doc = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
};
type OperationObject = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

const BASE = 'https://contract.panel.local/openapi.json';

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

export interface ContractChecker {
  /** null when the answer fits the document, else what does not. */
  check(method: string, url: string, response: LightMyRequestResponse): string | null;
  /** Answers checked, and the milliseconds spent compiling and validating (for the report). */
  stats: { checked: number; skipped: number; docMs: number; compileMs: number; validateMs: number };
}

export function createContractChecker(doc: Doc): ContractChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: BASE, components: doc.components ?? {} });
  // Literal paths before templated ones: /api/users/export before /api/users/{id}.
  const routes = Object.entries(doc.paths)
    .map(([path, item]) => ({ path, item, pattern: pathPattern(path) }))
    .sort((a, b) => literalLength(b.path) - literalLength(a.path));
  const validators = new Map<string, ValidateFunction>();
  const stats = { checked: 0, skipped: 0, docMs: 0, compileMs: 0, validateMs: 0 };

  function validatorFor(key: string, schema: unknown): ValidateFunction {
    let validate = validators.get(key);
    if (!validate) {
      const started = performance.now();
      validate = ajv.compile(absoluteRefs(schema) as object);
      stats.compileMs += performance.now() - started;
      validators.set(key, validate);
    }
    return validate;
  }

  function check(method: string, url: string, response: LightMyRequestResponse): string | null {
    const path = url.split('?')[0]!;
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const route = routes.find((r) => r.pattern.test(path) && r.item[verb]);
    if (!route) {
      stats.skipped++;
      return null;
    }
    stats.checked++;
    const op = route.item[verb]!;
    const where = `${method.toUpperCase()} ${url} (${op.operationId ?? route.path}) → ${response.statusCode}`;
    const status = String(response.statusCode);
    const documented = op.responses?.[status] ?? op.responses?.[`${status[0]}XX`] ?? op.responses?.default;
    if (!documented) {
      const listed = Object.keys(op.responses ?? {}).join(', ');
      return `${where}: el documento no declara ese estado (declara ${listed}). Cuerpo: ${preview(response.body)}`;
    }
    const contentType = String(response.headers['content-type'] ?? '');
    const media = contentType.split(';')[0]!.trim().toLowerCase();
    const content = documented.content;
    if (!content || Object.keys(content).length === 0) {
      if (response.rawPayload.length === 0) return null;
      return `${where}: el documento no declara cuerpo, y llegó ${media || 'uno'} (${response.rawPayload.length} bytes)`;
    }
    const entry = content[media];
    if (!entry) {
      return `${where}: tipo ${media || '(ninguno)'} no declarado (declara ${Object.keys(content).join(', ')})`;
    }
    if (entry.schema === undefined) return null;
    let body: unknown;
    if (media === 'application/json' || media.endsWith('+json')) {
      try {
        body = JSON.parse(response.body);
      } catch {
        return `${where}: ${media} que no es JSON: ${preview(response.body)}`;
      }
    } else if (media.startsWith('text/')) {
      body = response.body;
    } else {
      return null;
    }
    const validate = validatorFor(`${route.path} ${verb} ${status} ${media}`, entry.schema);
    const started = performance.now();
    const valid = validate(body);
    stats.validateMs += performance.now() - started;
    if (valid) return null;
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (e) => `${e.instancePath || '(raíz)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      )
      .join('; ');
    return `${where} ${media}: el cuerpo no cumple el esquema: ${problems}. Cuerpo: ${preview(response.body)}`;
  }

  return { check, stats };
}

const literalLength = (path: string) => path.replace(/\{[^}]+\}/g, '').length;

/** `/api/branches/{id}` → a regular expression for concrete paths (a parameter is one segment or part). */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** The document's `#/components/...` references, pointed at the components schema added to Ajv. */
function absoluteRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${BASE}${value}` : value,
  );
}

const preview = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

type Injectable = { inject: (...args: never[]) => unknown; swagger(): unknown };

/**
 * Checks every answer of `app.inject` (the promise form, as the API tests use it) against the
 * app's OpenAPI document: an answer off the document rejects the call with a ContractViolation, so
 * its test fails saying what differs. `CONTRACT_CHECK=0` turns it off (to measure its cost);
 * `CONTRACT_REPORT=<file>` writes the differences there instead of failing, and `CONTRACT_DOC=<file>`
 * checks against another document (what the suite finds against an older build's).
 */
export function checkContract(app: Injectable): { stats: () => ContractChecker['stats'] | undefined } {
  if (process.env.CONTRACT_CHECK === '0') return { stats: () => undefined };
  let checker: ContractChecker | undefined;
  const inject = app.inject.bind(app) as (opts?: unknown, callback?: unknown) => unknown;
  const wrapped = (opts?: unknown, callback?: unknown) => {
    if (opts === undefined || callback !== undefined) return inject(opts, callback);
    const request =
      typeof opts === 'string' ? { url: opts } : (opts as { method?: string; url?: string; path?: string });
    return (inject(opts) as Promise<LightMyRequestResponse>).then((response) => {
      if (!checker) {
        const started = performance.now();
        const doc = runDocument(app);
        const docMs = performance.now() - started;
        checker = createContractChecker(doc);
        checker.stats.docMs = docMs;
      }
      const url = String(request.url ?? request.path ?? '/');
      const problem = checker.check(request.method ?? 'GET', url, response);
      if (problem && process.env.CONTRACT_REPORT) appendFileSync(process.env.CONTRACT_REPORT, `${problem}\n`);
      else if (problem)
        throw new ContractViolation(`La respuesta no cumple el documento OpenAPI: ${problem}`);
      return response;
    });
  };
  (app as { inject: unknown }).inject = wrapped;
  return { stats: () => checker?.stats };
}

/**
 * The document, built by the first test file of the run that needs it and read back by the others
 * (every app of a run has the same routes): building it costs about a second per file, reading
 * it a few milliseconds. The run's global setup removes the file (contractCachePath).
 */
function runDocument(app: Injectable): Doc {
  // A document from elsewhere (e.g. an older build's), to see what the suite finds against it.
  if (process.env.CONTRACT_DOC) return JSON.parse(readFileSync(process.env.CONTRACT_DOC, 'utf8')) as Doc;
  const path = contractCachePath(
    inject('dbKind') === 'postgres' ? inject('pgRunPrefix') : inject('pgliteTemplatePath'),
  );
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Doc;
  } catch {
    const doc = app.swagger() as Doc;
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(doc));
    renameSync(partial, path);
    return doc;
  }
}

/** Where a run's document is kept, from something unique to the run. */
export function contractCachePath(run: string): string {
  return join(
    tmpdir(),
    `panel-api-openapi-${createHash('sha256').update(run).digest('hex').slice(0, 16)}.json`,
  );
}
