import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/api-client';
import type { TransactionListQuery } from './get-transactions';

/**
 * Downloads the CSV of the filtered transactions (every page). The call needs the bearer
 * token, so the file is fetched (apiDownload) and handed to the browser as a blob link.
 */
export async function exportTransactions(query: TransactionListQuery): Promise<string> {
  const { page: _page, per_page: _perPage, sort: _sort, ...filters } = query;
  const { blob, filename } = await apiDownload('/points/transactions/export', { query: filters });
  const name = filename ?? 'transacciones.csv';
  saveBlob(blob, name);
  return name;
}

export function useExportTransactions() {
  return useMutation({ mutationFn: exportTransactions });
}
