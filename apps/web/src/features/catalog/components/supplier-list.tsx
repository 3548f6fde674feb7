import { CatalogList } from './catalog-list';

/** /suppliers: "Proveedores" (spec §2.14). */
export default function SupplierList() {
  return <CatalogList kind="suppliers" />;
}
