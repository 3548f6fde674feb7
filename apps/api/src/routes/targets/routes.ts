import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkUpsertUnitsRoute } from './bulk-upsert-units.ts';
import { bulkUpsertVolumesRoute } from './bulk-upsert-volumes.ts';
import { deleteVolumeRoute } from './delete-volume.ts';
import { listUnitsRoute } from './list-units.ts';
import { listVolumesRoute } from './list-volumes.ts';
import { upsertVolumeRoute } from './upsert-volume.ts';

/** A seller's Volúmenes and Unidades: /api/user/volume and /api/user/units. */
export const targetsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listVolumesRoute);
  await app.register(upsertVolumeRoute);
  await app.register(bulkUpsertVolumesRoute);
  await app.register(deleteVolumeRoute);
  await app.register(listUnitsRoute);
  await app.register(bulkUpsertUnitsRoute);
};
