import { makeItemResponse, ZBulkDelete, ZBulkDeleteResult } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterCommit } from '../db/audit-context.ts';
import type { Tx } from '../db/client.ts';
import { notFound } from '../lib/http-errors.ts';
import { requireAuth } from '../plugins/auth.ts';
import type { SessionUser } from '../services/auth/sessions.ts';
import { deleteUnreferencedFiles } from '../services/storage/media-files.ts';
import { errors } from './schemas.ts';

export interface BulkDeleteOptions {
  /** "/api/posts/bulk-delete" */
  url: string;
  tag: string;
  summary: string;
  description: string;
  /** The 404's Spanish message: one of the ids is unknown (or not the caller's), nothing was deleted. */
  notFoundMessage: string;
  /**
   * Deletes the rows with these ids that `user` may reach (inBranchScope, services/auth/branch-scope.ts)
   * in `tx`; answers the ids deleted and the files they used.
   */
  remove: (tx: Tx, ids: number[], user: SessionUser) => Promise<{ ids: number[]; files: string[] }>;
}

/**
 * "Eliminar seleccionadas" for one resource (issue 21, item 10), the pattern of Vendedores'
 * bulk-active: `POST <url>` with `{ids}` (ZBulkDelete, 1–1000) deletes every row in one
 * transaction, or none: an unknown id (or one deleted meanwhile, or, for a branch manager, one of
 * another branch or of every branch) is a 404 and the transaction rolls back. As a panel write it is audited (one delete row per record). Files no row uses any more are
 * removed once the transaction committed, as the single delete does.
 */
export function bulkDeleteRoute(options: BulkDeleteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      options.url,
      {
        config: { access: 'panel' },
        schema: {
          tags: [options.tag],
          summary: options.summary,
          description: options.description,
          body: ZBulkDelete,
          response: { 200: makeItemResponse(ZBulkDeleteResult), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = requireAuth(request).user;
        const ids = [...new Set(request.body.ids)];
        const { deleted, files } = await app.db.transaction(async (tx) => {
          const out = await options.remove(tx, ids, user);
          // Throwing rolls the transaction back: nothing is deleted when an id is unknown.
          if (out.ids.length !== ids.length) throw notFound(options.notFoundMessage);
          return { deleted: out.ids.length, files: out.files };
        });
        if (files.length > 0)
          await afterCommit(() => deleteUnreferencedFiles(app.database.db, app.storage, files, request.log));
        return { data: { deleted } };
      },
    );
  };
}
