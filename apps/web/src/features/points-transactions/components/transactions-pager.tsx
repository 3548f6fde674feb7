import { Button, Group, Text } from '@mantine/core';
import { type TListMeta, TRANSACTIONS_PER_PAGE_OPTIONS } from '@panel/shared';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { PerPageSelect } from '../../../components/resource-list/list-pagination';

interface TransactionsPagerProps {
  meta: TListMeta | undefined;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** docs/product.md#points-history: page size 10/20/50/100; previous/next and "Página X de Y" only when there is more than one page. */
export function TransactionsPager({ meta, page, perPage, onPage, onPerPage }: TransactionsPagerProps) {
  const lastPage = meta?.last_page ?? 1;
  return (
    <Group justify="space-between" gap="md" mt="md" wrap="wrap">
      <PerPageSelect
        label="Por página:"
        value={perPage}
        options={TRANSACTIONS_PER_PAGE_OPTIONS}
        onChange={onPerPage}
      />
      {lastPage > 1 && (
        <Group gap="sm" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Anterior
          </Button>
          <Text size="sm" aria-live="polite" data-testid="page-label" style={{ whiteSpace: 'nowrap' }}>
            Página {meta?.page ?? page} de {lastPage}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            disabled={page >= lastPage}
            onClick={() => onPage(page + 1)}
          >
            Siguiente
          </Button>
        </Group>
      )}
    </Group>
  );
}
