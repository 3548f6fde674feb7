import type { Socket } from 'node:net';
import {
  IMAGE_MAX_BYTES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  MAX_PER_PAGE,
  MAX_QUERY_TEXT,
  MAX_UNITS_PER_PAGE,
  MSG,
} from '@panel/shared';

/**
 * The resource limits of the API (issue 13, API4) in one place: the server enforces these
 * constants, and the OpenAPI document states them from the same constants (limitsDescription).
 */

/** JSON and urlencoded bodies (Fastify's `bodyLimit`). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest request head (request line + headers) the server reads. */
export const MAX_HEADER_BYTES = 128 * 1024;
/** Multipart bodies, enforced while streaming (body-parsers.ts). */
export const MULTIPART_LIMITS = {
  /** Per file (the image limit of docs/product.md#the-panels-screens). */
  fileSize: IMAGE_MAX_BYTES,
  /** The most files any route accepts (posts: 5), plus one so a sixth reaches the route's own message. */
  files: 6,
  fields: 50,
  fieldSize: 256 * 1024,
  parts: 60,
} as const;
/**
 * Time to receive a whole request, head and body (REQUEST_TIMEOUT_SECONDS). Sized for the largest
 * upload (5 images of 10 MB) over a slow mobile link; a client that sends slower, or sends its
 * headers and stalls (slowloris), gets a 408 and the connection is closed. The time the server
 * then takes to answer, and a streamed download, are not limited by it.
 */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 300;
/** The request head must arrive within this, or within the request timeout when that is shorter. */
export const HEADERS_TIMEOUT_MS = 30_000;

export const LIMIT_MSG = {
  requestTimeout: 'La solicitud tardó demasiado en llegar y se cortó. Enviala de nuevo.',
  headersTooLarge: 'La dirección o los encabezados de la solicitud son demasiado grandes.',
  badRequest: 'La solicitud HTTP está mal formada.',
} as const;

/** Node's http server options that enforce the request timeout and the head size. */
export function httpServerLimits(requestTimeoutMs: number) {
  return {
    maxHeaderSize: MAX_HEADER_BYTES,
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    // Node checks the timeouts every 30 s by default, so a 1 s timeout could last 31 s.
    connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
  };
}

/**
 * Fastify's `clientErrorHandler`: what Node refuses before a route runs (request timeout, a head
 * over MAX_HEADER_BYTES, a malformed request) gets the API's JSON error body in Spanish instead
 * of Fastify's English one.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = '400 Bad Request';
  let message: string = LIMIT_MSG.badRequest;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = '408 Request Timeout';
    message = LIMIT_MSG.requestTimeout;
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = '431 Request Header Fields Too Large';
    message = LIMIT_MSG.headersTooLarge;
  }
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const sizes = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;

/** The limits as the OpenAPI document states them (info.description), from the enforced values. */
export function limitsDescription(requestTimeoutMs: number): string {
  const m = MULTIPART_LIMITS;
  return [
    '## Límites',
    '',
    `- **Cuerpo JSON o urlencoded**: hasta ${sizes(BODY_LIMIT_BYTES)} (${BODY_LIMIT_BYTES} bytes); más es un 413 («${MSG.payloadTooLarge}»).`,
    `- **Cuerpo multipart** (formularios con imágenes): hasta ${sizes(m.fileSize)} por archivo, ${m.files - 1} imágenes por publicación (1 por historia), ${m.fields} campos de hasta ${sizes(m.fieldSize)}, ${m.parts} partes; más es un 413 o el 400 de la ruta.`,
    `- **Importación de usuarios** (CSV): hasta ${sizes(IMPORT_MAX_BYTES)} (${IMPORT_MAX_BYTES} bytes, 413) y ${IMPORT_MAX_ROWS} filas (400).`,
    `- **Paginación**: \`per_page\` hasta ${MAX_PER_PAGE} en los listados (${MAX_UNITS_PER_PAGE} en las unidades por mes); cada operación lo declara como \`maximum\` del parámetro, y más es un 400.`,
    `- **Búsqueda**: \`q\` hasta ${MAX_QUERY_TEXT} caracteres; más es un 400.`,
    `- **Encabezados**: la línea de la solicitud y los encabezados, hasta ${sizes(MAX_HEADER_BYTES)} (431).`,
    `- **Tiempo de envío**: la solicitud completa (encabezados y cuerpo) debe llegar en ${requestTimeoutMs / 1000} s, y los encabezados en ${Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs) / 1000} s; si no, 408 («${LIMIT_MSG.requestTimeout}») y se cierra la conexión. No limita lo que tarda la respuesta (las exportaciones se envían de a partes).`,
  ].join('\n');
}
