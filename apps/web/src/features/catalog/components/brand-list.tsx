import { CatalogList } from './catalog-list';

/** /brands: "Marcas" (docs/product.md#suppliers-and-brands). */
export default function BrandList() {
  return <CatalogList kind="brands" />;
}
