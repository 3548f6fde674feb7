import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createBranchRoute } from './create-branch.ts';
import { deleteBranchRoute } from './delete-branch.ts';
import { getBranchRoute } from './get-branch.ts';
import { listBranchesRoute } from './list-branches.ts';
import { listCitiesRoute } from './list-cities.ts';
import { updateBranchRoute } from './update-branch.ts';

/** Sucursales: /api/branches. */
export const branchesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listBranchesRoute);
  await app.register(listCitiesRoute);
  await app.register(getBranchRoute);
  await app.register(createBranchRoute);
  await app.register(updateBranchRoute);
  await app.register(deleteBranchRoute);
};
