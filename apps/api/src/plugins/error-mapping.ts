import {
  APP_MSG,
  CATALOG_MSG,
  isRegisteredMessage,
  MEDIA_MSG,
  MSG,
  POINT_ACTION_MSG,
  SURVEY_MSG,
  TARGETS_MSG,
  type TErrorBody,
} from '@panel/shared';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, SERVER_MSG } from '../lib/http-errors.ts';

export interface MappedError {
  statusCode: number;
  body: TErrorBody;
  headers?: Record<string, string>;
  /** Unexpected: log it in full, because the client only gets a generic text. */
  unexpected: boolean;
}

/** Messages written for people, in the shared catalogue: they already name what is wrong. */
const HUMAN_MESSAGES = new Set<string>(
  [MSG, CATALOG_MSG, TARGETS_MSG, MEDIA_MSG, POINT_ACTION_MSG, APP_MSG, SURVEY_MSG].flatMap((catalogue) =>
    Object.values(catalogue),
  ),
);

/** Unique constraints whose violation has a specific message. */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_email_key: MSG.emailTaken,
  suppliers_code_key: CATALOG_MSG.supplierCodeTakenGeneric,
  brands_code_key: CATALOG_MSG.brandCodeTakenGeneric,
  survey_responses_survey_user_key: SURVEY_MSG.alreadyAnswered,
  branches_name_key: MSG.branchNameTaken,
  suppliers_business_name_key: CATALOG_MSG.supplierNameTaken,
  brands_name_key: CATALOG_MSG.brandNameTaken,
};

/** The field a unique constraint's 409 names (`errors`), as a 400 does (migration 0020). */
const UNIQUE_FIELDS: Record<string, string> = {
  branches_name_key: 'name',
  suppliers_business_name_key: 'business_name',
  brands_name_key: 'name',
};

/**
 * Turns anything thrown while serving a request into the API's error body
 * `{message, errors?}` (docs/api-contract.md). Pure, so it is unit-tested on its own.
 */
export function mapError(error: unknown): MappedError {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: error.code
        ? { ...withErrors(error.message, error.errors), code: error.code }
        : withErrors(error.message, error.errors),
      headers: error.headers,
      unexpected: false,
    };
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || context;
      const list = errors[field] ?? [];
      list.push(issue.message ?? MSG.invalidInput);
      errors[field] = list;
    }
    const [field, messages] = Object.entries(errors)[0] ?? [context, [MSG.invalidInput]];
    return {
      statusCode: 400,
      body: { message: describeField(field, messages[0]!), errors },
      unexpected: false,
    };
  }

  const pgError = findPostgresError(error);
  if (pgError) return mapPostgresError(pgError);
  if (isConnectionFailure(error)) return unavailable();

  const e = error as { code?: string; statusCode?: number };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return plain(400, MSG.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return plain(413, MSG.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return plain(415, MSG.unsupportedMediaType);
  }

  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) return plain(status, genericClientMessage(status));
  if (status === 503) return { ...plain(503, SERVER_MSG.serviceUnavailable), unexpected: true };
  return { ...plain(500, MSG.internal), unexpected: true };
}

/** "El nombre es obligatorio" stays as it is; generic texts get the field's name in front. */
export function describeField(field: string, message: string): string {
  if (HUMAN_MESSAGES.has(message) || isRegisteredMessage(message)) return message;
  return `El campo "${field}": ${message}`;
}

interface PostgresError {
  code: string;
  constraint?: string;
}

/** drizzle wraps driver errors (DrizzleQueryError.cause); pg and PGlite both carry `code`. */
export function findPostgresError(error: unknown): PostgresError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      severity?: unknown;
      cause?: unknown;
    };
    if (
      typeof candidate.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(candidate.code) &&
      'severity' in candidate
    ) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

function mapPostgresError({ code, constraint }: PostgresError): MappedError {
  if (code === '23505') {
    const message = (constraint && UNIQUE_MESSAGES[constraint]) || SERVER_MSG.duplicate;
    const field = constraint && UNIQUE_FIELDS[constraint];
    if (field)
      return { statusCode: 409, body: withErrors(message, { [field]: [message] }), unexpected: false };
    return plain(409, message);
  }
  if (code === '23503') return plain(409, SERVER_MSG.inUse);
  // Other integrity violations (check, not null) and data exceptions (out of range numbers,
  // invalid text such as NUL bytes) mean the input was bad, not the server.
  if (code.startsWith('23')) return plain(400, SERVER_MSG.invalidValue);
  if (code.startsWith('22')) return plain(400, SERVER_MSG.invalidValue);
  if (code === '40001' || code === '40P01' || code === '55P03') {
    return {
      ...plain(503, SERVER_MSG.serviceUnavailable),
      headers: { 'retry-after': '1' },
      unexpected: true,
    };
  }
  // The server going down, starting up or refusing connections (a restart, a failover, too many
  // clients): the request did nothing, and the next one may well succeed.
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300')
    return unavailable();
  return { ...plain(500, MSG.internal), unexpected: true };
}

/** Socket errors of a service that cannot be reached (PostgreSQL, Redis, S3). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres's own texts for a connection cut or never made (they carry no code). */
const PG_CONNECTION_TEXTS =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * A refused, cut or timed-out connection to the database: anywhere along the error's causes (drizzle
 * wraps the driver's error), or among an AggregateError's (a refused localhost tries ::1 and
 * 127.0.0.1).
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && PG_CONNECTION_TEXTS.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure(e.cause, depth + 1);
}

/** 503 with Retry-After: a service behind the API is out for now (docs/reliability.md). */
function unavailable(): MappedError {
  return {
    ...plain(503, SERVER_MSG.serviceUnavailable),
    headers: { 'retry-after': '5' },
    // Known and expected during an outage: logged as a warning, not as a fault of the code.
    unexpected: false,
  };
}

function genericClientMessage(status: number): string {
  switch (status) {
    case 401:
      return MSG.unauthenticated;
    case 403:
      return MSG.forbidden;
    case 404:
      return MSG.notFound;
    case 405:
      return SERVER_MSG.methodNotAllowed;
    case 409:
      return SERVER_MSG.conflict;
    case 413:
      return MSG.payloadTooLarge;
    case 415:
      return MSG.unsupportedMediaType;
    case 429:
      return MSG.tooManyAttempts;
    default:
      return MSG.invalidInput;
  }
}

function plain(statusCode: number, message: string): MappedError {
  return { statusCode, body: { message }, unexpected: false };
}

function withErrors(message: string, errors?: Record<string, string[]>): TErrorBody {
  return errors ? { message, errors } : { message };
}
