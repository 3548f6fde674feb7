import { Box } from '@mantine/core';
import { notificationIconUrl } from '@panel/shared';

interface NotificationIconProps {
  icon: string;
  color: string;
  size?: number;
  /** Empty when a text next to it already names the type. */
  alt?: string;
}

/** A type's icon (a white glyph, 1.png … 32.png) on the type's colour, as the app shows it. */
export function NotificationIcon({ icon, color, size = 32, alt = '' }: NotificationIconProps) {
  return (
    <Box
      component="span"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: color,
      }}
    >
      <img src={notificationIconUrl(icon)} alt={alt} width={size * 0.6} height={size * 0.6} />
    </Box>
  );
}
