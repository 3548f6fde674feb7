import type { MantineSpacing } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../lib/api-client';
import { ErrorAlert } from './error-alert';
import { RetryButton } from './retry-button';

interface LoadErrorAlertProps {
  /** The screen's Spanish message (docs/product.md#messages). */
  title: string;
  /** The failed query: its error, and "Reintentar" refetches it. */
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isRefetching'>;
  mt?: MantineSpacing;
}

/** A report that could not load: the screen's message, the server's own when it sent one, and "Reintentar". */
export function LoadErrorAlert({ title, query, mt }: LoadErrorAlertProps) {
  return (
    <ErrorAlert title={title} mt={mt}>
      {errorMessage(query.error, '') || null}
      <RetryButton mt="sm" onRetry={query.refetch} loading={query.isRefetching} />
    </ErrorAlert>
  );
}
