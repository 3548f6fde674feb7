import type { TAppNotification } from '@panel/shared';

/** The type's icon (the panel's white icon set, /icons/notifications/N.png) on the type's colour. */
export function NotificationIcon({ type }: { type: TAppNotification['type'] }) {
  return (
    <span className="notification__icon" style={{ background: type.color }} aria-hidden>
      <img
        src={`/icons/notifications/${encodeURIComponent(type.icon || '1.png')}`}
        alt=""
        width={24}
        height={24}
      />
    </span>
  );
}
