import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../src/testing/test-app.ts';

/**
 * The OpenAPI document as a contract for generated clients (issue 20): the live
 * /api/openapi.json → openapi-typescript → test/contract-client/usage.ts, typechecked with
 * `tsc --strict` against openapi-fetch. The usage file lists a page, sends a version in If-Match,
 * uploads photos as FormData, and downloads a CSV and an .ics: if the document drifts from what
 * those calls need (an anonymous schema, an upload without a body, a CSV documented as JSON, a
 * page size documented as any number), it stops compiling and this test prints why.
 */
let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = mkdtempSync(join(tmpdir(), 'panel-openapi-client-'));
});
afterAll(async () => {
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const require = createRequire(import.meta.url);
const here = dirname(new URL(import.meta.url).pathname);

describe('a generated client (openapi-typescript + openapi-fetch)', () => {
  it('typechecks an integrator’s list, upload, CSV and .ics calls with tsc --strict', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ast = await openapiTS(doc, {
      // Files in multipart bodies are Blobs (openapi-typescript's documented transform).
      transform(schema) {
        if ('format' in schema && schema.format === 'binary') {
          return ts.factory.createTypeReferenceNode('Blob');
        }
      },
    });
    writeFileSync(join(dir, 'openapi.ts'), astToString(ast));
    copyFileSync(resolve(here, '../../contract-client/usage.ts'), join(dir, 'usage.ts'));
    // openapi-fetch from this repository's node_modules.
    symlinkSync(
      resolve(dirname(require.resolve('openapi-fetch/package.json')), '..'),
      join(dir, 'node_modules'),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
          skipLibCheck: true,
          noUnusedLocals: false,
        },
        files: ['usage.ts', 'openapi.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
      () => ({ ok: true, out: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${error.stdout}${error.stderr}` }),
    );
    expect(run.out, 'tsc --strict sobre test/contract-client/usage.ts').toBe('');
    expect(run.ok).toBe(true);
  });
});
