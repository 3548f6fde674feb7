import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { RetryButton } from '../retry-button';

/** What a list's status line needs from its query. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface ListStatusTexts {
  loadingText: string;
  emptyText: string;
  /** Shown when loading fails and the server sent no message. */
  errorText: string;
}

/** The failure line: the server's message or the screen's text, and "Reintentar". */
export function ListLoadError({
  query,
  errorText,
  mb,
}: {
  query: ListQueryState;
  errorText: string;
  mb?: 'sm';
}) {
  return (
    <Group gap="sm" justify="center" wrap="wrap" mb={mb}>
      <Text role="alert" c="red.8" size="sm" fw={500}>
        {errorMessage(query.error, errorText)}
      </Text>
      <RetryButton onRetry={query.refetch} loading={query.isFetching} />
    </Group>
  );
}

/** "Loading", the failure or "empty" in place of the rows; null when there are rows to show. */
export function listStatus(
  query: ListQueryState,
  hasData: boolean,
  rowCount: number,
  texts: ListStatusTexts,
): ReactNode {
  if (query.isPending && !query.isError) {
    return (
      <Text role="status" c="dimmed" size="sm">
        {texts.loadingText}
      </Text>
    );
  }
  if (query.isError && !hasData) return <ListLoadError query={query} errorText={texts.errorText} />;
  if (rowCount === 0) {
    return (
      <Text c="dimmed" size="sm">
        {texts.emptyText}
      </Text>
    );
  }
  return null;
}
