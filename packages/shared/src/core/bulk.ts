import { z } from 'zod';
import { INT4_MAX } from './common.ts';
import { registerMessages } from './human-messages.ts';

/** The most rows one bulk request may name (the same bound as Vendedores' bulk-active). */
export const BULK_MAX_IDS = 1000;

export const BULK_MSG = registerMessages({
  idsRequired: 'Elegí al menos una fila',
  tooManyIds: `Podés eliminar hasta ${BULK_MAX_IDS} filas por vez`,
  postsNotFound: 'Alguna de las publicaciones elegidas ya no existe: no se eliminó ninguna',
  storiesNotFound: 'Alguna de las historias elegidas ya no existe: no se eliminó ninguna',
  notificationsNotFound: 'Alguna de las notificaciones elegidas ya no existe: no se eliminó ninguna',
  eventsNotFound: 'Alguno de los eventos elegidos ya no existe: no se eliminó ninguno',
});

/**
 * "Eliminar seleccionadas" (issue 21, item 10): the ids of the rows to delete, 1 to 1000, in one
 * transaction. All or nothing: one unknown id refuses the request (404) and nothing is deleted,
 * as Vendedores' bulk-active does.
 */
export const ZBulkDelete = z.object({
  ids: z
    .array(z.number().int().positive().max(INT4_MAX))
    .min(1, BULK_MSG.idsRequired)
    .max(BULK_MAX_IDS, BULK_MSG.tooManyIds),
});
export type TBulkDelete = z.input<typeof ZBulkDelete>;
export const ZBulkDeleteResult = z.object({ deleted: z.number().int() });
export type TBulkDeleteResult = z.infer<typeof ZBulkDeleteResult>;
