import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { traceRoute } from './engine-trace.ts';

/**
 * Every answer of the API suite checked against the live OpenAPI document (issue 20, "The OpenAPI
 * document as a contract"), the way an integrator's client reads it: Ajv with JSON Schema 2020-12
 * (the document's dialect). For each answer to a documented operation:
 * - its status is one the operation documents;
 * - its media type is one that status documents (no content documented: no body);
 * - a JSON body matches that status's schema; a text body (CSV, calendar) is a string; bytes are
 *   not read.
 * Validators are compiled once per operation, documented status and media type, the first time one
 * is needed (or all at once by `precompile`).
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
  /**
   * Compiles now every validator the document can need (each operation's documented statuses and
   * their JSON and text media types), so that none is compiled during a later answer; returns how
   * many it compiled. For a test that measures the event loop while the app serves (the fuzz suite):
   * compiling is the checker's own work, and on a loaded machine one took 50 ms to over 200 ms.
   */
  precompile(): number;
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
    if (response.statusCode < 300) traceRoute(`${verb.toUpperCase()} ${route.path}`);
    const op = route.item[verb]!;
    const where = `${method.toUpperCase()} ${url} (${op.operationId ?? route.path}) → ${response.statusCode}`;
    const status = String(response.statusCode);
    const statusKey = [status, `${status[0]}XX`, 'default'].find((k) => op.responses?.[k]);
    const documented = statusKey === undefined ? undefined : op.responses?.[statusKey];
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
    if (isJson(media)) {
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
    const validate = validatorFor(validatorKey(route.path, verb, statusKey!, media), entry.schema);
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

  function precompile(): number {
    let compiled = 0;
    for (const { path, item } of routes) {
      for (const [verb, op] of Object.entries(item)) {
        for (const [statusKey, response] of Object.entries(op.responses ?? {})) {
          for (const [media, entry] of Object.entries(response.content ?? {})) {
            if (entry.schema === undefined || !(isJson(media) || media.startsWith('text/'))) continue;
            const key = validatorKey(path, verb, statusKey, media);
            if (validators.has(key)) continue;
            validatorFor(key, entry.schema);
            compiled++;
          }
        }
      }
    }
    return compiled;
  }

  return { check, precompile, stats };
}

/** One validator per documented answer: the document's status key (`404`, `4XX`, `default`) and media type. */
const validatorKey = (path: string, verb: string, statusKey: string, media: string) =>
  `${path} ${verb} ${statusKey} ${media}`;
const isJson = (media: string) => media === 'application/json' || media.endsWith('+json');

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
export function checkContract(app: Injectable): {
  stats: () => ContractChecker['stats'] | undefined;
  /** ContractChecker.precompile, on the app's document; 0 when the check is off. */
  precompile: () => number;
} {
  if (process.env.CONTRACT_CHECK === '0') return { stats: () => undefined, precompile: () => 0 };
  let checker: ContractChecker | undefined;
  const checkerOf = () => {
    if (!checker) {
      const started = performance.now();
      const doc = runDocument(app);
      const docMs = performance.now() - started;
      checker = createContractChecker(doc);
      checker.stats.docMs = docMs;
    }
    return checker;
  };
  const inject = app.inject.bind(app) as (opts?: unknown, callback?: unknown) => unknown;
  const wrapped = (opts?: unknown, callback?: unknown) => {
    if (opts === undefined || callback !== undefined) return inject(opts, callback);
    const request =
      typeof opts === 'string' ? { url: opts } : (opts as { method?: string; url?: string; path?: string });
    return (inject(opts) as Promise<LightMyRequestResponse>).then((response) => {
      const url = String(request.url ?? request.path ?? '/');
      const problem = checkerOf().check(request.method ?? 'GET', url, response);
      if (problem && process.env.CONTRACT_REPORT) appendFileSync(process.env.CONTRACT_REPORT, `${problem}\n`);
      else if (problem)
        throw new ContractViolation(`La respuesta no cumple el documento OpenAPI: ${problem}`);
      return response;
    });
  };
  (app as { inject: unknown }).inject = wrapped;
  return { stats: () => checker?.stats, precompile: () => checkerOf().precompile() };
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
