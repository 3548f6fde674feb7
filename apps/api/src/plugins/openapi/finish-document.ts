import { ZErrorBody } from '@panel/shared';
import { IF_MATCH_PATTERN } from '../../lib/preconditions.ts';
import { IMAGE_MEDIA } from '../../services/storage/storage.ts';
import type { RouteContract } from './route-transform.ts';
import { type JsonSchema, nameComponents, toJson } from './zod-json.ts';

type Operation = Record<string, unknown> & {
  parameters?: Record<string, unknown>[];
  'x-contract'?: RouteContract;
};
type Responses = Record<string, Record<string, unknown>>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const WRITES = new Set(['put', 'post', 'patch', 'delete']);
const JSON_MEDIA = 'application/json';

/** Default descriptions of the answers every route may give (docs/api-contract.md). */
const STATUS_TEXT: Record<string, string> = {
  200: 'Correcto',
  201: 'Creado',
  204: 'Sin contenido',
  400: 'Datos inválidos (`errors` por campo), un parámetro desconocido en la dirección (`errors` lo nombra), JSON o formulario mal formado',
  401: 'Sin sesión, o sesión inválida, vencida o revocada',
  403: 'La cuenta no tiene permiso (vendedor en una ruta del panel)',
  404: 'No existe',
  405: 'POST sin `_method=PUT` ni `X-HTTP-Method-Override: PUT`',
  409: 'Conflicto: duplicado o en uso',
  412: 'El registro cambió desde la versión de `If-Match`: otra persona lo modificó. Trae su `ETag` actual.',
  413: 'El contenido enviado es demasiado grande (ver «Límites»)',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiados intentos',
  500: 'Error interno (solo un texto genérico)',
  503: 'El servicio no está disponible (base de datos ocupada o sin respuesta, o almacenamiento de imágenes sin respuesta): reintentar más tarde',
};

/**
 * operationId from the method and the path, the same on every build: `GET /api/branches/{id}` is
 * `getBranchesById`, `POST /api/users/{id}/reset-password` is `postUsersByIdResetPassword`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) =>
      segment.split(/(\{[^}]+\})/).flatMap((part) => {
        if (part.startsWith('{')) return ['by', part.slice(1, -1)];
        return part.split(/[^A-Za-z0-9]+/);
      }),
    )
    .filter(Boolean);
  const pascal = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return method.toLowerCase() + pascal;
}

const errorContent = () => ({ [JSON_MEDIA]: { schema: toJson(ZErrorBody, 'output') } });

/**
 * The document pass (@fastify/swagger's transformObject): every operation gets its operationId,
 * its request body (JSON, forms, CSV, or multipart with its files), its answers with their real
 * media types (errors are always JSON), the answers the platform gives to any route (400 on bad
 * input, 401/403 by access, 413/415 on bodies, 405 on a PUT's POST twin, 412 and `If-Match` on
 * versioned writes, `ETag` on versioned answers, 500, 503), and named components.
 */
export function finishDocument(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const contract = op['x-contract'];
      delete op['x-contract'];
      const id = operationIdOf(method, path);
      const clash = ids.get(id);
      if (clash) throw new Error(`OpenAPI: operationId ${id} repetido (${clash} y ${method} ${path})`);
      ids.set(id, `${method} ${path}`);
      op.operationId = id;
      if (contract) finishOperation(op, method, contract);
    }
  }
  const named = nameComponents(doc);
  const components = (doc.components ?? {}) as Record<string, unknown>;
  doc.components = { ...components, schemas: { ...(components.schemas as object), ...named } };
  return doc;
}

function finishOperation(op: Operation, method: string, c: RouteContract): void {
  const write = WRITES.has(method);
  const versionedWrite = Boolean(c.versioned) && write;
  if (c.uploads) op.requestBody = multipartBody(c.uploads, Boolean(c.override));
  else if (c.body) {
    const media = c.consumes?.length ? c.consumes : [JSON_MEDIA];
    const schema = c.override ? withMethodField(c.body) : c.body;
    op.requestBody = {
      required: true,
      content: Object.fromEntries(media.map((m) => [m, { schema }])),
    };
  }
  const parameters = op.parameters ?? [];
  if (versionedWrite) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'La versión que se editó, como la dio el `ETag` (o el campo `version`): `"3"`. Si el registro ' +
        'cambió desde entonces, 412 y nada se escribe. Sin este encabezado la escritura se hace igual. ' +
        'Va entre comillas (`3` sin ellas es un 400); `*` vale cualquier versión.',
      schema: { type: 'string', pattern: IF_MATCH_PATTERN },
    });
  }
  if (c.override) {
    parameters.push({
      name: 'X-HTTP-Method-Override',
      in: 'header',
      required: false,
      description:
        '`PUT`. El servidor acepta este encabezado en lugar del campo `_method` del cuerpo; el cuerpo ' +
        'documentado lleva siempre `_method`, que funciona con cualquier tipo de contenido.',
      schema: { type: 'string', enum: ['PUT'] },
    });
  }
  if (parameters.length > 0) op.parameters = parameters;

  const responses: Responses = {};
  for (const [status, { description, schema }] of Object.entries(c.responses)) {
    const text = description ?? STATUS_TEXT[status] ?? 'Respuesta';
    if (Number(status) >= 400) {
      responses[status] = { description: text, content: { [JSON_MEDIA]: { schema: schema ?? {} } } };
    } else if (schema === null || status === '204') {
      responses[status] = { description: text };
    } else {
      responses[status] = { description: text, content: successContent(c.produces, schema) };
    }
  }
  const platform: string[] = [];
  // Any operation refuses a query parameter it does not declare (plugins/strict-query.ts): 400.
  // A write without a documented body still parses one sent (a malformed form, a file): 400, 413, 415.
  platform.push('400');
  if (c.access && c.access !== 'public') platform.push('401');
  if (c.access === 'admin' || c.access === 'panel') platform.push('403');
  if (c.override) platform.push('405');
  if (versionedWrite) platform.push('412');
  if (op.requestBody || write) platform.push('413', '415');
  platform.push('500', '503');
  for (const status of platform) {
    responses[status] ??= { description: STATUS_TEXT[status]!, content: errorContent() };
  }
  // A limit's refusal (sign-in, the sellers' writes) says when to try again.
  if (responses['429']) {
    responses['429'].headers = {
      'Retry-After': {
        description: 'Segundos hasta que se puede volver a intentar.',
        schema: { type: 'integer', minimum: 1 },
      },
    };
  }
  if (c.versioned) {
    for (const [status, response] of Object.entries(responses)) {
      // A 204 (a DELETE) has no record left to tag.
      if (!status.startsWith('2') || status === '204') continue;
      response.headers = {
        ETag: {
          description: 'La versión del registro (`"3"`): enviala en `If-Match` al modificarlo.',
          schema: { type: 'string' },
        },
      };
    }
  }
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The body of a PUT's POST twin (plugins/method-override.ts): the PUT's body plus `_method: "PUT"`,
 * required, because without it (or the header) the server answers 405. Sent as documented, it works.
 */
function withMethodField(body: JsonSchema): JsonSchema {
  return { allOf: [body, METHOD_FIELD] };
}

const METHOD_FIELD = {
  type: 'object',
  properties: {
    _method: {
      type: 'string',
      enum: ['PUT'],
      description:
        'Hace de este POST el PUT de la misma dirección (también vale el encabezado `X-HTTP-Method-Override: PUT`).',
    },
  },
  required: ['_method'],
};

/** JSON answers as JSON; a CSV or calendar as text; images as bytes. */
function successContent(produces: string[] | undefined, schema: JsonSchema) {
  const media = produces?.length ? produces : [JSON_MEDIA];
  return Object.fromEntries(
    media.map((m) => {
      if (m === JSON_MEDIA) return [m, { schema }];
      if (m.startsWith('text/')) return [m, { schema: { type: 'string', ...describedOnly(schema) } }];
      return [m, { schema: { type: 'string', format: 'binary', contentMediaType: m } }];
    }),
  );
}

const describedOnly = (schema: JsonSchema) =>
  typeof schema.description === 'string' ? { description: schema.description } : {};

/** A multipart body: the text fields' schema plus the files (`format: binary`, as generators expect). */
function multipartBody(uploads: NonNullable<RouteContract['uploads']>, override: boolean) {
  const [field, ...aliases] = uploads.fields;
  const file = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };
  const files =
    uploads.maxFiles > 1
      ? {
          type: 'array',
          items: file,
          minItems: 1,
          maxItems: uploads.maxFiles,
          description:
            `De 1 a ${uploads.maxFiles} imágenes de hasta 10 MB (JPEG, PNG, GIF, WebP o AVIF, según su contenido)` +
            (aliases.length
              ? `; también se aceptan como ${aliases.map((a) => `\`${a}\``).join(', ')}.`
              : '.'),
        }
      : {
          ...file,
          description: 'Una imagen de hasta 10 MB (JPEG, PNG, GIF, WebP o AVIF, según su contenido).',
        };
  const withFiles = { type: 'object', properties: { [field!]: files }, required: [field!] };
  // The text fields are the route's own schema (a named component), plus the files.
  const parts = uploads.form ? [uploads.form, withFiles] : [withFiles];
  if (override) parts.push(METHOD_FIELD);
  const schema = parts.length > 1 ? { allOf: parts } : withFiles;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema,
        encoding: { [field!]: { contentType: IMAGE_MEDIA.join(', ') } },
      },
    },
  };
}
