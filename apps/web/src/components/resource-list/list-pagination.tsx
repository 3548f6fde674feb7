import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { PER_PAGE_OPTIONS, type TListMeta } from '@panel/shared';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';

interface ListPaginationProps {
  meta: TListMeta | undefined;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  /** Default PER_PAGE_OPTIONS (5/10/20/50/100). */
  perPageOptions?: readonly number[];
}

/** "a-b de total" for the page shown. */
export function rangeLabel(page: number, perPage: number, total: number): string {
  if (total === 0) return '0-0 de 0';
  const from = Math.min((page - 1) * perPage + 1, total);
  const to = Math.min(page * perPage, total);
  return `${from}-${to} de ${total}`;
}

interface PerPageSelectProps {
  label: string;
  value: number;
  options: readonly number[];
  onChange: (perPage: number) => void;
}

/** "Filas por página: N": the page size, labelled. */
export function PerPageSelect({ label, value, options, onChange }: PerPageSelectProps) {
  const selectId = useId();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" component="label" htmlFor={selectId}>
        {label}
      </Text>
      <NativeSelect
        id={selectId}
        size="xs"
        w={72}
        value={String(value)}
        data={options.map(String)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
    </Group>
  );
}

/** The list's footer (docs/product.md#lists): "Filas por página: N", the range and the previous/next arrows. */
export function ListPagination({
  meta,
  page,
  perPage,
  onPage,
  onPerPage,
  perPageOptions = PER_PAGE_OPTIONS,
}: ListPaginationProps) {
  const total = meta?.total ?? 0;
  const shownPage = meta?.page ?? page;
  const shownPerPage = meta?.per_page ?? perPage;
  const lastPage = meta?.last_page ?? 1;

  return (
    <Group justify="flex-end" gap="md" mt="md" wrap="wrap">
      <PerPageSelect
        label="Filas por página:"
        value={perPage}
        options={perPageOptions}
        onChange={onPerPage}
      />
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" aria-live="polite" data-testid="list-range">
          {rangeLabel(shownPage, shownPerPage, total)}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label="Página anterior"
            title="Página anterior"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label="Página siguiente"
            title="Página siguiente"
            disabled={page >= lastPage}
            onClick={() => onPage(page + 1)}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Group>
  );
}
