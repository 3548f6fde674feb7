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
import type { z } from 'zod';

/**
 * Proveedores and Marcas (docs/product.md#suppliers-and-brands) are the same resource with a different description
 * column: one description of each drives the same five routes (resource-routes.ts).
 */
export interface CatalogResource {
  path: '/api/suppliers' | '/api/brands';
  tag: string;
  singular: string;
  plural: string;
  table: 'suppliers' | 'brands';
  /** The description column: business_name for suppliers, name for brands. */
  descriptionKey: 'business_name' | 'name';
  /** The target units' column that points to this resource (deletes are refused while it does). */
  unitsColumn: 'supplier_id' | 'brand_id';
  // Kept as plain schemas: the routes are shared, and the response serializer validates each record.
  item: z.ZodType;
  input: z.ZodType;
  listQuery: z.ZodType;
  notFound: string;
  inUse: string;
  codeTaken: (code: string) => string;
}

export const supplierResource = {
  path: '/api/suppliers',
  tag: 'proveedores',
  singular: 'un proveedor',
  plural: 'proveedores',
  table: 'suppliers',
  descriptionKey: 'business_name',
  unitsColumn: 'supplier_id',
  item: ZSupplier,
  input: ZSupplierInput,
  listQuery: ZSupplierListQuery,
  notFound: CATALOG_MSG.supplierNotFound,
  inUse: CATALOG_MSG.supplierInUse,
  codeTaken: supplierCodeTaken,
} satisfies CatalogResource;

export const brandResource = {
  path: '/api/brands',
  tag: 'marcas',
  singular: 'una marca',
  plural: 'marcas',
  table: 'brands',
  descriptionKey: 'name',
  unitsColumn: 'brand_id',
  item: ZBrand,
  input: ZBrandInput,
  listQuery: ZBrandListQuery,
  notFound: CATALOG_MSG.brandNotFound,
  inUse: CATALOG_MSG.brandInUse,
  codeTaken: brandCodeTaken,
} satisfies CatalogResource;
