import { TypeList } from './type-list';

/** /event-types (spec §2.11): name and colour. */
export default function EventTypeList() {
  return <TypeList kind="event-types" />;
}
