import { parse as parseQuery } from 'fast-querystring';

/** How a body travels: the three encodings the API accepts (docs/product.md#server-rules), and CSV for the import. */
export type Encoding = 'json' | 'urlencoded' | 'multipart' | 'csv';

export const CONTENT_TYPES: Record<string, Encoding> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'urlencoded',
  'multipart/form-data': 'multipart',
  'text/csv': 'csv',
};

/** A value as a form field's text (forms carry strings only). */
function fieldText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A body as form pairs: arrays become repeated fields, objects their JSON. */
export function formPairs(body: unknown): [string, string][] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [['valor', fieldText(body)]];
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) pairs.push([k, fieldText(item)]);
    else pairs.push([k, fieldText(v)]);
  }
  return pairs;
}

export interface Encoded {
  contentType?: string;
  payload?: string | FormData;
  /** What the server's parser turns the payload into, for the schema to judge. */
  parsed: unknown;
  /** The parser itself refuses it (prototype poisoning), whatever the schema says. */
  parserRefuses: boolean;
}

/**
 * What Fastify's JSON parser (secure-json-parse) refuses: `__proto__`, or `constructor.prototype`.
 * Walked with a stack of its own, not by recursion: the fuzzer nests values 2,000 deep, and a
 * recursive walk overflowed the call stack on some runs (CI, Node 26).
 */
function poisoned(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      pending.push(...v);
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      if (k === '__proto__') return true;
      if (
        k === 'constructor' &&
        child !== null &&
        typeof child === 'object' &&
        Object.hasOwn(child, 'prototype')
      )
        return true;
      pending.push(child);
    }
  }
  return false;
}

export function encode(body: unknown, encoding: Encoding): Encoded {
  if (encoding === 'csv') {
    return { contentType: 'text/csv', payload: String(body), parsed: String(body), parserRefuses: false };
  }
  if (encoding === 'json') {
    const text = JSON.stringify(body) ?? 'null';
    const parsed = JSON.parse(text);
    return { contentType: 'application/json', payload: text, parsed, parserRefuses: poisoned(parsed) };
  }
  const pairs = formPairs(body);
  if (encoding === 'urlencoded') {
    const payload = new URLSearchParams(pairs).toString();
    return {
      contentType: 'application/x-www-form-urlencoded',
      payload,
      parsed: parseQuery(payload),
      parserRefuses: false,
    };
  }
  const form = new FormData();
  const parsed: Record<string, unknown> = {};
  for (const [k, v] of pairs) {
    form.append(k, v);
    const prior = Object.hasOwn(parsed, k) ? parsed[k] : undefined;
    const value = prior === undefined ? v : Array.isArray(prior) ? [...prior, v] : [prior, v];
    Object.defineProperty(parsed, k, { value, enumerable: true, writable: true, configurable: true });
  }
  // @fastify/multipart refuses a field named after anything on Object.prototype (FST_PROTO_VIOLATION).
  return { payload: form, parsed, parserRefuses: pairs.some(([k]) => k in Object.prototype) };
}

/** Words of validation messages in English that must never reach a client of this API. */
const ENGLISH =
  /\b(invalid|expected|required|must|should|unexpected|unsupported|received|request|field|the|is|not|too|string|number|object|array|failed|cannot|unknown|missing|allowed|large|exceeded|characters?)\b/i;

/** Why a response is not a proper refusal (a Spanish 4xx), or null when it is one. */
export function refusalProblem(status: number, body: string, contentType: string | null): string | null {
  if (status >= 500) return `5xx (${status})`;
  if (status < 400) return `no es un rechazo (${status})`;
  if (!contentType?.includes('application/json')) return `4xx sin JSON (${contentType ?? 'sin tipo'})`;
  let json: { message?: unknown; errors?: Record<string, unknown> };
  try {
    json = JSON.parse(body);
  } catch {
    return 'JSON incompleto o inválido';
  }
  if (typeof json.message !== 'string' || json.message.trim() === '') return 'sin message';
  const texts = [
    json.message,
    ...Object.values(json.errors ?? {})
      .flat()
      .map(String),
  ];
  const english = texts.find((t) => ENGLISH.test(t));
  if (english) return `mensaje en inglés: ${english}`;
  return null;
}
