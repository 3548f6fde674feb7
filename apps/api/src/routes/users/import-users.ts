import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  makeItemResponse,
  USER_MSG,
  ZUserImportError,
  ZUserImportPreview,
  ZUserImportQuery,
  ZUserImportResult,
} from '@panel/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import {
  analyseImport,
  commitImport,
  decodeCsv,
  type HashedImport,
  hashImport,
  importScope,
} from '../../services/users/import.ts';
import { errors } from '../schemas.ts';

/**
 * People from a CSV (`text/csv` body, which the panel reads from the chosen file). `?dry_run=1`
 * answers the preview; otherwise every row is created in one transaction, or none when any row
 * has a problem (400, or 409 when the only problems are emails that already exist), with the
 * preview in the answer. Generated initial passwords are returned once and stored only hashed.
 * A branch manager imports sellers of their branch only: a row of another role or branch is a problem of
 * that row (nothing is imported), a row without a branch goes to theirs (services/users/import.ts).
 */
export const importUsersRoute: FastifyPluginAsyncZod = async (app) => {
  // The preview and the password hashes are worked out in the preHandler, before the audited
  // transaction of an admin write opens (plugins/audit.ts): hashing takes about 0.3 s a row, and
  // on the embedded database an open transaction holds its one connection.
  const prepared = new WeakMap<
    FastifyRequest,
    Awaited<ReturnType<typeof analyseImport>> & { hashed?: HashedImport }
  >();

  // Local to this plugin: the CSV body is read as bytes and decoded (UTF-8, else Windows-1252),
  // with its own size limit.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, decodeCsv(body as Buffer));
      } catch (error) {
        done(error as Error);
      }
    },
  );

  app.post(
    '/api/users/import',
    {
      config: { access: 'panel' },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ['usuarios'],
        summary: 'Importar usuarios desde un CSV (vista previa con dry_run=1)',
        description: `Hasta ${IMPORT_MAX_BYTES} bytes (${IMPORT_MAX_BYTES / 1024} KiB; más es un 413) y ${IMPORT_MAX_ROWS} filas de datos (más es un 400).`,
        consumes: ['text/csv'],
        querystring: ZUserImportQuery,
        body: z
          .string({ error: USER_MSG.importNotCsv })
          .describe('CSV: name/nombre, email, role/rol, branch/sucursal, password/contraseña'),
        response: {
          200: makeItemResponse(ZUserImportPreview).describe('Vista previa (dry_run=1)'),
          201: makeItemResponse(ZUserImportResult).describe('Importación hecha'),
          400: ZUserImportError,
          409: ZUserImportError,
          ...errors(401, 403),
        },
      },
      preHandler: async (request) => {
        const analysed = await analyseImport(app.db, request.body, importScope(requireAuth(request).user));
        const clean = !request.query.dry_run && analysed.preview.error_count === 0;
        prepared.set(request, {
          ...analysed,
          ...(clean ? { hashed: await hashImport(analysed.preview.rows, analysed.passwords) } : {}),
        });
      },
    },
    async (request, reply) => {
      const { preview, hashed } = prepared.get(request)!;
      if (request.query.dry_run) return reply.code(200).send({ data: preview });
      if (preview.error_count > 0) {
        const onlyExisting = preview.rows.every((r) => r.errors.every((e) => e === USER_MSG.rowEmailExists));
        return reply
          .code(onlyExisting ? 409 : 400)
          .send({ message: USER_MSG.importHasProblems(preview.error_count), preview });
      }
      const result = await commitImport(app.db, hashed!);
      return reply.code(201).send({ data: result });
    },
  );
};
