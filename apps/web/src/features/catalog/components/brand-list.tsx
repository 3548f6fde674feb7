import { CatalogList } from './catalog-list';

/** /brands: "Marcas" (spec §2.14). */
export default function BrandList() {
  return <CatalogList kind="brands" />;
}
