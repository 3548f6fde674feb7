import { Table, Text } from '@mantine/core';
import type { TListResponse } from '@panel/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { errorMessage } from '../../lib/api-client';
import classes from './resource-list.module.css';

export interface ListTableProps<T> {
  /** The page's query of `{data, meta}`. */
  result: UseQueryResult<TListResponse<T>>;
  /** The screen's title: the table is "Tabla de <title>". */
  title: string;
  /** Below this width the table scrolls sideways inside its card. */
  minWidth: number;
  /** How many columns the header row has (the status row spans them). */
  colCount: number;
  loadingText: string;
  emptyText: string;
  /** Shown when loading fails and the server sent no message. */
  errorText: string;
  /** The header row. */
  head: ReactNode;
  /** The body rows of the page. */
  children: (rows: T[]) => ReactNode;
}

const NO_ROWS: never[] = [];

/**
 * A list's table: fixed layout, sideways scroll on narrow screens, the previous page dimmed while
 * the next loads, and one row that says "loading", the error or "empty" instead of data.
 */
export function ListTable<T>({
  result,
  title,
  minWidth,
  colCount,
  loadingText,
  emptyText,
  errorText,
  head,
  children,
}: ListTableProps<T>) {
  const { data, isPending, isError, error, isPlaceholderData, isFetching } = result;
  const rows = data?.data ?? NO_ROWS;
  // A new page's rows render in the background, in slices React can interrupt, while the previous
  // page stays on screen: a 100-row page never blocks the main thread in one long task.
  const shownRows = useDeferredValue(rows);

  let status: ReactNode = null;
  if (isPending) {
    status = (
      <Text role="status" c="dimmed" size="sm">
        {loadingText}
      </Text>
    );
  } else if (isError && !data) {
    status = (
      <Text role="alert" c="red.8" size="sm" fw={500}>
        {errorMessage(error, errorText)}
      </Text>
    );
  } else if (rows.length === 0) {
    status = (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }

  return (
    <>
      {isError && data && (
        <Text role="alert" c="red.8" size="sm" mb="sm">
          {errorMessage(error, errorText)}
        </Text>
      )}
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`Tabla de ${title}`}
        className={classes.scroll}
      >
        <Table
          layout="fixed"
          highlightOnHover
          verticalSpacing="sm"
          aria-busy={isFetching || undefined}
          className={isPlaceholderData ? classes.stale : undefined}
        >
          <Table.Thead>{head}</Table.Thead>
          <Table.Tbody>
            {status ? (
              <Table.Tr>
                <Table.Td colSpan={colCount} className={classes.statusCell}>
                  {status}
                </Table.Td>
              </Table.Tr>
            ) : (
              children(shownRows as T[])
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
