import type { CatalogKind } from '../api/catalog-resource';

/** The words each screen uses (docs/product.md#suppliers-and-brands, #messages). */
export const CATALOG_TEXTS = {
  suppliers: {
    title: 'Proveedores',
    breadcrumb: 'Inicio / Proveedores',
    subtitle: 'Los proveedores de la empresa, con su código y razón social.',
    descriptionHeader: 'Razón social',
    descriptionLabel: 'Descripción / Razón social',
    createTitle: 'Nuevo proveedor',
    editTitle: 'Editar proveedor',
    one: 'el proveedor',
    loadError: 'Error al cargar proveedores',
  },
  brands: {
    title: 'Marcas',
    breadcrumb: 'Inicio / Marcas',
    subtitle: 'Las marcas que venden los vendedores, con su código y nombre.',
    descriptionHeader: 'Nombre',
    descriptionLabel: 'Descripción',
    createTitle: 'Nueva marca',
    editTitle: 'Editar marca',
    one: 'la marca',
    loadError: 'Error al cargar marcas',
  },
} as const satisfies Record<CatalogKind, Record<string, string>>;
