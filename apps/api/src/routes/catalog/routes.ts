import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandResource, catalogResourceRoutes, supplierResource } from './catalog-resource.ts';

/** Proveedores and Marcas: /api/suppliers and /api/brands, the same five routes each. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogResourceRoutes(supplierResource));
  await app.register(catalogResourceRoutes(brandResource));
};
