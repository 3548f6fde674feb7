import { Button, type ButtonProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ToastAction } from '../lib/notify';

const RETRY_LABEL = 'Reintentar';

interface RetryButtonProps extends Pick<ButtonProps, 'mt' | 'size'> {
  /** The failed query's `refetch` (or a function that loads again). */
  onRetry: () => unknown;
  /** While it loads again. */
  loading?: boolean;
}

/**
 * "Reintentar", next to every failed load's error text (issue 21). Outline in red.9 (5.4:1 on
 * white): Mantine's light variant with a shade fills the button with that shade, and its text was
 * the same red.
 */
export function RetryButton({ onRetry, loading, size = 'xs', mt }: RetryButtonProps) {
  return (
    <Button
      variant="outline"
      color="red.9"
      size={size}
      mt={mt}
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={loading}
      onClick={() => onRetry()}
    >
      {RETRY_LABEL}
    </Button>
  );
}

/**
 * The same "Reintentar" inside an error toast, for a failed load that closes its dialog
 * (docs/product.md#the-panels-screens, #messages): `notify.error(text, { action: retryAction(() => reopen(row)) })`.
 */
export function retryAction(onRetry: () => void): ToastAction {
  return { label: RETRY_LABEL, icon: <IconRefresh size={14} aria-hidden />, onClick: onRetry };
}
