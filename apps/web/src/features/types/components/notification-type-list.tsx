import { TypeList } from './type-list';

/** /notification-types (spec §2.10): name, colour and icon. */
export default function NotificationTypeList() {
  return <TypeList kind="notification-types" />;
}
