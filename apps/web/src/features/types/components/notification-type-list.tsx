import { TypeList } from './type-list';

/** /notification-types (docs/product.md#notification-types): name, colour and icon. */
export default function NotificationTypeList() {
  return <TypeList kind="notification-types" />;
}
