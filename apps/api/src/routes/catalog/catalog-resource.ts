import {
  brandCodeTaken,
  CATALOG_MSG,
  supplierCodeTaken,
  ZBrand,
  ZBrandInput,
  ZBrandListQuery,
  ZSupplier,
  ZSupplierInput,
  ZSupplierListQuery,
} from '@panel/shared';
import { conflict } from '../../lib/http-errors.ts';
import { findPostgresError } from '../../plugins/error-mapping.ts';
import {
  type CatalogBody,
  type CatalogTableSpec,
  catalogStore,
} from '../../services/catalog/catalog-store.ts';
import { type ResourceRoutesSpec, resourceRoutes } from '../resource-routes.ts';

/**
 * Proveedores and Marcas (docs/product.md#suppliers-and-brands) are the same resource with a different description
 * column: one description of each drives the same five routes (routes/resource-routes.ts), over the queries of
 * services/catalog/catalog-store.ts.
 */
export interface CatalogResource
  extends CatalogTableSpec,
    Omit<ResourceRoutesSpec<CatalogBody>, 'writeError'> {
  path: '/api/suppliers' | '/api/brands';
  versioned: 'suppliers' | 'brands';
  codeTaken: (code: string) => string;
}

const common = {
  listDescription: '`q` busca en código y descripción sin distinguir mayúsculas ni acentos.',
  createDescription:
    'El código se guarda sin espacios alrededor y en mayúsculas; es único (409). La descripción también es única, sin distinguir mayúsculas ni acentos (409).',
  deleteDescription: '409 si hay unidades pretendidas cargadas con este registro.',
  forms: false,
  writeConflicts: true,
} as const;

/**
 * The five routes of one catalog resource. A duplicate code gets 409 naming it; the unique index is the
 * backstop under races. A duplicate name (case and accents aside, migration 0020) goes on to the error
 * mapping: 409 naming the field.
 */
export function catalogResourceRoutes(resource: CatalogResource) {
  return resourceRoutes<CatalogBody>(
    {
      ...resource,
      writeError(error, body) {
        const pg = findPostgresError(error);
        if (pg?.code === '23505' && pg.constraint === `${resource.table}_code_key`) {
          return conflict(resource.codeTaken(body.code));
        }
        return undefined;
      },
    },
    catalogStore(resource),
  );
}

export const supplierResource = {
  ...common,
  path: '/api/suppliers',
  tag: 'proveedores',
  versioned: 'suppliers',
  singular: 'un proveedor',
  plural: 'proveedores',
  table: 'suppliers',
  descriptionKey: 'business_name',
  unitsColumn: 'supplier_id',
  item: ZSupplier,
  input: ZSupplierInput,
  update: ZSupplierInput,
  listQuery: ZSupplierListQuery,
  notFound: CATALOG_MSG.supplierNotFound,
  inUse: CATALOG_MSG.supplierInUse,
  codeTaken: supplierCodeTaken,
} satisfies CatalogResource;

export const brandResource = {
  ...common,
  path: '/api/brands',
  tag: 'marcas',
  versioned: 'brands',
  singular: 'una marca',
  plural: 'marcas',
  table: 'brands',
  descriptionKey: 'name',
  unitsColumn: 'brand_id',
  item: ZBrand,
  input: ZBrandInput,
  update: ZBrandInput,
  listQuery: ZBrandListQuery,
  notFound: CATALOG_MSG.brandNotFound,
  inUse: CATALOG_MSG.brandInUse,
  codeTaken: brandCodeTaken,
} satisfies CatalogResource;
