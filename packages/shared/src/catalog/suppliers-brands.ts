import { z } from 'zod';
import { hasVisibleText, makeListQuery, zTimestamp, zVersion } from '../core/common.ts';

/** Spanish texts of Proveedores and Marcas (docs/product.md#suppliers-and-brands, #validation-messages, #messages). */
export const CATALOG_MSG = {
  codeRequired: 'El código es obligatorio',
  descriptionRequired: 'La descripción / razón social es obligatoria',
  codeTooLong: 'El código puede tener hasta 30 caracteres',
  descriptionTooLong: 'La descripción / razón social puede tener hasta 200 caracteres',
  supplierNotFound: 'El proveedor no existe',
  brandNotFound: 'La marca no existe',
  supplierInUse: 'No se puede eliminar el proveedor porque hay unidades pretendidas cargadas con él.',
  brandInUse: 'No se puede eliminar la marca porque hay unidades pretendidas cargadas con ella.',
  supplierCodeTakenGeneric: 'Ya existe un proveedor con ese código',
  brandCodeTakenGeneric: 'Ya existe una marca con ese código',
  /** 409: names are unique whatever their case and accents (docs/product.md). */
  supplierNameTaken: 'Ya existe un proveedor con esa razón social',
  brandNameTaken: 'Ya existe una marca con ese nombre',
} as const;

export const supplierCodeTaken = (code: string) => `Ya existe un proveedor con el código ${code}`;
export const brandCodeTaken = (code: string) => `Ya existe una marca con el código ${code}`;

/** Trimmed and upper-cased (docs/product.md#validation-messages): " br001 " is stored as "BR001". */
export const zCatalogCode = z
  .string({ error: CATALOG_MSG.codeRequired })
  .trim()
  .toUpperCase()
  .min(1, CATALOG_MSG.codeRequired)
  .refine(hasVisibleText, CATALOG_MSG.codeRequired)
  .max(30, CATALOG_MSG.codeTooLong);

const zDescription = z
  .string({ error: CATALOG_MSG.descriptionRequired })
  .trim()
  .min(1, CATALOG_MSG.descriptionRequired)
  .refine(hasVisibleText, CATALOG_MSG.descriptionRequired)
  .max(200, CATALOG_MSG.descriptionTooLong);

/**
 * Proveedores and Marcas are one kind of record, a code and a description, which each keeps under
 * its own name (`business_name`, `name`): the record, the form's body and the list's query.
 */
function catalogSchemas<const K extends string>(descriptionKey: K) {
  return {
    item: z.object({
      id: z.number().int(),
      code: z.string(),
      ...({ [descriptionKey]: z.string() } as Record<K, z.ZodString>),
      created_at: zTimestamp,
      updated_at: zTimestamp,
      version: zVersion,
    }),
    input: z.object({
      code: zCatalogCode,
      ...({ [descriptionKey]: zDescription } as Record<K, typeof zDescription>),
    }),
    listQuery: makeListQuery(['code', descriptionKey, 'created_at'] as const),
  };
}

const supplier = catalogSchemas('business_name');
export const ZSupplier = supplier.item;
export type TSupplier = z.infer<typeof ZSupplier>;
export const ZSupplierInput = supplier.input;
export type TSupplierInput = z.input<typeof ZSupplierInput>;
export const ZSupplierListQuery = supplier.listQuery;
export type TSupplierListQuery = z.input<typeof ZSupplierListQuery>;

const brand = catalogSchemas('name');
export const ZBrand = brand.item;
export type TBrand = z.infer<typeof ZBrand>;
export const ZBrandInput = brand.input;
export type TBrandInput = z.input<typeof ZBrandInput>;
export const ZBrandListQuery = brand.listQuery;
export type TBrandListQuery = z.input<typeof ZBrandListQuery>;
