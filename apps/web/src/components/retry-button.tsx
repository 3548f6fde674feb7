import { Button, type ButtonProps } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

interface RetryButtonProps extends Pick<ButtonProps, 'mt' | 'size'> {
  /** The failed query's `refetch` (or a function that loads again). */
  onRetry: () => unknown;
  /** While it loads again. */
  loading?: boolean;
}

/** "Reintentar", next to every failed load's error text (issue 21). */
export function RetryButton({ onRetry, loading, size = 'xs', mt }: RetryButtonProps) {
  return (
    <Button
      variant="light"
      color="red.9"
      size={size}
      mt={mt}
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={loading}
      onClick={() => onRetry()}
    >
      Reintentar
    </Button>
  );
}
