import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  MAX_PER_PAGE,
  MAX_QUERY_TEXT,
  MAX_UNITS_PER_PAGE,
  MEDIA_MSG,
  MSG,
  USER_MSG,
} from '@panel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_LIMIT_BYTES,
  HEADERS_TIMEOUT_MS,
  LIMIT_MSG,
  MAX_HEADER_BYTES,
  MULTIPART_LIMITS,
} from '../../../src/lib/limits.ts';
import { bearer } from '../../../src/testing/factories.ts';
import { formData } from '../../../src/testing/images.ts';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * Issue 13, deliver 5 (API4): every resource limit is enforced with a Spanish 4xx, at the exact
 * value of the constant the server uses, and the OpenAPI document states it.
 */
const REQUEST_TIMEOUT_SECONDS = 2;
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({ env: { REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS) } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

const admin = () => bearer(ctx.admin.token);

/** A JSON body of exactly `bytes` bytes: {"name":"xxx…"}. */
function jsonOfSize(bytes: number): string {
  const frame = '{"name":""}';
  return `{"name":"${'x'.repeat(bytes - frame.length)}"}`;
}

describe('body size', () => {
  it(`JSON: ${BODY_LIMIT_BYTES} bytes reach the route, one byte more is a 413`, async () => {
    const post = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/branches',
        headers: { ...admin(), 'content-type': 'application/json' },
        payload,
      });
    const atLimit = await post(jsonOfSize(BODY_LIMIT_BYTES));
    // Read and validated (a name that long is refused by the schema), not refused for its size.
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(MSG.payloadTooLarge);
    const over = await post(jsonOfSize(BODY_LIMIT_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: MSG.payloadTooLarge });
  });

  it(`urlencoded: one byte over ${BODY_LIMIT_BYTES} is a 413`, async () => {
    const payload = `name=${'x'.repeat(BODY_LIMIT_BYTES + 1 - 'name='.length)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/branches',
      headers: { ...admin(), 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.payloadTooLarge });
  });

  it(`multipart: a file of ${MULTIPART_LIMITS.fileSize} bytes is read whole, one byte more is a 413`, async () => {
    const send = (bytes: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: admin(),
        payload: formData({ content: 'Hola' }, [
          { field: 'images[]', name: 'foto.png', type: 'image/png', bytes: Buffer.alloc(bytes, 7) },
        ]),
      });
    // Not an image, but only a file read to its end can be found not to be one.
    const atLimit = await send(MULTIPART_LIMITS.fileSize);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).toBe(MEDIA_MSG.notAnImage);
    const over = await send(MULTIPART_LIMITS.fileSize + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: MEDIA_MSG.imagesTooLarge,
      errors: { images: [MEDIA_MSG.imagesTooLarge] },
    });
  });

  it(`multipart: more than ${MULTIPART_LIMITS.fields} fields is a 413`, async () => {
    const fields = (n: number) =>
      Object.fromEntries([
        ['content', 'Hola'],
        ...Array.from({ length: n - 1 }, (_, i) => [`extra${i}`, 'x']),
      ]);
    const send = (n: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/posts', headers: admin(), payload: formData(fields(n)) });
    const atLimit = await send(MULTIPART_LIMITS.fields);
    expect(atLimit.statusCode).not.toBe(413);
    expect(atLimit.statusCode).toBeLessThan(500);
    const over = await send(MULTIPART_LIMITS.fields + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: MSG.payloadTooLarge });
  });
});

describe('users import', () => {
  const importCsv = (csv: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/import?dry_run=1',
      headers: { ...admin(), 'content-type': 'text/csv' },
      payload: csv,
    });
  const header = 'nombre,email\n';

  it(`${IMPORT_MAX_BYTES} bytes are read, one byte more is a 413`, async () => {
    const row = 'Ana Ruiz,ana@empresa.com.ar\n';
    const fill = (bytes: number) => `${header}${row}${'#'.repeat(bytes - header.length - row.length)}`;
    const atLimit = await importCsv(fill(IMPORT_MAX_BYTES));
    expect(atLimit.statusCode).not.toBe(413);
    expect(atLimit.statusCode).toBeLessThan(500);
    const over = await importCsv(fill(IMPORT_MAX_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: MSG.payloadTooLarge });
  });

  it(`${IMPORT_MAX_ROWS} rows are read, one more is a 400`, async () => {
    const rows = (n: number) =>
      `${header}${Array.from({ length: n }, (_, i) => `Persona ${i},p${i}@empresa.com.ar`).join('\n')}\n`;
    const atLimit = await importCsv(rows(IMPORT_MAX_ROWS));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().data.rows).toHaveLength(IMPORT_MAX_ROWS);
    const over = await importCsv(rows(IMPORT_MAX_ROWS + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(USER_MSG.importTooManyRows);
  });
});

describe('query limits', () => {
  it(`per_page: ${MAX_PER_PAGE} is served, ${MAX_PER_PAGE + 1} is a Spanish 400`, async () => {
    const ok = await ctx.asAdmin('GET', `/api/users?per_page=${MAX_PER_PAGE}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().meta.per_page).toBe(MAX_PER_PAGE);
    const over = await ctx.asAdmin('GET', `/api/users?per_page=${MAX_PER_PAGE + 1}`);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toHaveProperty('per_page');
    expect(over.json().message).toMatch(/per_page/);
    expect(over.json().message).not.toMatch(/expected|invalid|too big/i);
  });

  it(`q: ${MAX_QUERY_TEXT} characters are served, ${MAX_QUERY_TEXT + 1} is a Spanish 400`, async () => {
    const ok = await ctx.asAdmin('GET', `/api/users?q=${'a'.repeat(MAX_QUERY_TEXT)}`);
    expect(ok.statusCode).toBe(200);
    const over = await ctx.asAdmin('GET', `/api/users?q=${'a'.repeat(MAX_QUERY_TEXT + 1)}`);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toHaveProperty('q');
    expect(over.json().message).not.toMatch(/expected|invalid|too big/i);
  });
});

/** A raw HTTP/1.1 exchange: writes `head`, then waits for the server to answer and close. */
function rawExchange(head: string): Promise<{ text: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, socket }));
    socket.write(head);
  });
}

function parseRaw(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headers] = head.split('\r\n');
  return { status: Number(statusLine.split(' ')[1]), headers: headers.join('\n').toLowerCase(), body };
}

describe('request timeout (a real slow client over a socket)', () => {
  it('answers 408 in Spanish and closes when the body stops arriving', async () => {
    const { text } = await rawExchange(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
    );
    const res = parseRaw(text);
    expect(res.status).toBe(408);
    expect(res.headers).toContain('content-type: application/json');
    expect(JSON.parse(res.body)).toEqual({ message: LIMIT_MSG.requestTimeout });
  });

  it('answers 408 when the headers never finish (slowloris)', async () => {
    const { text } = await rawExchange('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: a');
    const res = parseRaw(text);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ message: LIMIT_MSG.requestTimeout });
  });

  it('keeps serving other clients afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it(`answers a head over ${MAX_HEADER_BYTES} bytes with a Spanish 431`, async () => {
    const { text } = await rawExchange(
      `GET /api/health?q=${'a'.repeat(MAX_HEADER_BYTES)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    const res = parseRaw(text);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ message: LIMIT_MSG.headersTooLarge });
  });
});

interface OpenApiParameter {
  name: string;
  in: string;
  schema?: { maximum?: number; maxLength?: number };
}
interface OpenApiDocument {
  info: { description: string };
  paths: Record<string, Record<string, { description?: string; parameters?: OpenApiParameter[] }>>;
}

describe('the OpenAPI document states every limit', () => {
  let doc: OpenApiDocument;
  beforeAll(async () => {
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });

  it('in its description, with the values the server enforces (here a 2 s timeout)', () => {
    const d = doc.info.description;
    expect(d).toContain(`hasta 1 MiB (${BODY_LIMIT_BYTES} bytes)`);
    expect(d).toContain(`hasta ${MULTIPART_LIMITS.fileSize / 1024 / 1024} MiB por archivo`);
    expect(d).toContain(`${MULTIPART_LIMITS.fields} campos`);
    expect(d).toContain(`${MULTIPART_LIMITS.parts} partes`);
    expect(d).toContain(`(${IMPORT_MAX_BYTES} bytes, 413) y ${IMPORT_MAX_ROWS} filas`);
    expect(d).toContain(`\`per_page\` hasta ${MAX_PER_PAGE}`);
    expect(d).toContain(`\`q\` hasta ${MAX_QUERY_TEXT} caracteres`);
    expect(d).toContain(`hasta ${MAX_HEADER_BYTES / 1024} KiB (431)`);
    expect(d).toContain(`debe llegar en ${REQUEST_TIMEOUT_SECONDS} s`);
    expect(d).toContain(
      `los encabezados en ${Math.min(HEADERS_TIMEOUT_MS / 1000, REQUEST_TIMEOUT_SECONDS)} s`,
    );
    expect(d).toContain(LIMIT_MSG.requestTimeout);
  });

  it('on the import operation', () => {
    const op = doc.paths['/api/users/import']?.post;
    expect(op?.description).toContain(`Hasta ${IMPORT_MAX_BYTES} bytes`);
    expect(op?.description).toContain(`${IMPORT_MAX_ROWS} filas`);
  });

  it('as maximum on every per_page and maxLength on every q', () => {
    const unbounded: string[] = [];
    let perPage = 0;
    let q = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== 'query') continue;
          if (p.name === 'per_page') {
            perPage++;
            const max = p.schema?.maximum;
            if (max === undefined || max > MAX_UNITS_PER_PAGE)
              unbounded.push(`${method} ${path} per_page: ${max}`);
          }
          if (p.name === 'q') {
            q++;
            if (p.schema?.maxLength !== MAX_QUERY_TEXT)
              unbounded.push(`${method} ${path} q: ${p.schema?.maxLength}`);
          }
        }
      }
    }
    expect(unbounded).toEqual([]);
    expect(perPage).toBeGreaterThan(5);
    expect(q).toBeGreaterThan(3);
    const users = doc.paths['/api/users']?.get?.parameters ?? [];
    expect(users.find((p) => p.name === 'per_page')?.schema?.maximum).toBe(MAX_PER_PAGE);
  });
});
