import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RetryButton } from './retry-button';

export interface PersonListItem {
  id: number | string;
  name: string;
  avatar: string | null;
  /** Already formatted (e.g. "12-05-2026 14:30"). */
  when: string;
  /** More text under the name (a comment). Rendered as text, never as HTML. */
  body?: string;
}

interface PersonListProps {
  items: PersonListItem[];
  loading: boolean;
  /** The failure text; the list shows it instead of the items. */
  error?: string | null;
  /** Loads again after a failure: "Reintentar" next to the failure (or the empty text). */
  retry?: { onRetry: () => unknown; loading: boolean } | null;
  emptyText: string;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
}

/**
 * People who did something (liked, commented, viewed): avatar or initials, name, time and an
 * optional text. Used by the likes, comments and story viewers dialogs.
 */
export function PersonList({
  items,
  loading,
  error,
  retry,
  emptyText,
  hasMore,
  loadingMore,
  onMore,
}: PersonListProps) {
  let status: ReactNode = null;
  if (loading)
    status = (
      <Text role="status" c="dimmed" size="sm">
        Cargando datos...
      </Text>
    );
  else if (error)
    status = (
      <Text role="alert" c="red.8" size="sm">
        {error}
      </Text>
    );
  else if (items.length === 0)
    status = (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  if (status)
    return (
      <Stack py="md" align="center">
        {status}
        {retry && !loading && <RetryButton onRetry={retry.onRetry} loading={retry.loading} />}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group component="li" key={item.id} gap="sm" wrap="nowrap" align="flex-start">
            {/* One filled colour: some of "initials" light colours were under 4.5:1 (axe). */}
            <Avatar
              src={item.avatar}
              name={item.name}
              color="brand"
              variant="filled"
              radius="xl"
              size={36}
              alt=""
            />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.when}
                </Text>
              </Group>
              {item.body !== undefined && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {item.body}
                </Text>
              )}
            </Stack>
          </Group>
        ))}
      </Stack>
      {hasMore && onMore && (
        <Button
          variant="subtle"
          size="xs"
          onClick={onMore}
          loading={loadingMore}
          style={{ alignSelf: 'center' }}
        >
          Ver más
        </Button>
      )}
    </Stack>
  );
}
