import { TypeList } from './type-list';

/** /event-types (docs/product.md#event-types): name and colour. */
export default function EventTypeList() {
  return <TypeList kind="event-types" />;
}
