import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPointActionRoute } from './create-point-action.ts';
import { deletePointActionRoute } from './delete-point-action.ts';
import { getPointActionRoute } from './get-point-action.ts';
import { listPointActionsRoute } from './list-point-actions.ts';
import { togglePointActionRoute } from './toggle-point-action.ts';
import { updatePointActionRoute } from './update-point-action.ts';

/** Gamificación, Configuración: /api/admin/point-actions. */
export const pointActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listPointActionsRoute);
  await app.register(getPointActionRoute);
  await app.register(createPointActionRoute);
  await app.register(updatePointActionRoute);
  await app.register(togglePointActionRoute);
  await app.register(deletePointActionRoute);
};
