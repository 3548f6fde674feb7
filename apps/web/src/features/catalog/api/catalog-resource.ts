import type { TBrand, TSupplier } from '@panel/shared';

/** Proveedores and Marcas share one screen shape (docs/product.md#suppliers-and-brands); only the description differs. */
export type CatalogKind = 'suppliers' | 'brands';
export type CatalogItem = TSupplier | TBrand;

/** The record's description: the business name of a supplier, the name of a brand. */
export const descriptionOf = (item: CatalogItem): string =>
  'business_name' in item ? item.business_name : item.name;

export const descriptionKey = (kind: CatalogKind) => (kind === 'suppliers' ? 'business_name' : 'name');
