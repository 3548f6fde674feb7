import { CatalogList } from './catalog-list';

/** /suppliers: "Proveedores" (docs/product.md#suppliers-and-brands). */
export default function SupplierList() {
  return <CatalogList kind="suppliers" />;
}
