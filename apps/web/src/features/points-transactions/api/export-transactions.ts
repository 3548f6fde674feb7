import { useMutation } from '@tanstack/react-query';
import { ApiError, buildUrl } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth-store';
import type { TransactionListQuery } from './get-transactions';

/**
 * Downloads the CSV of the filtered transactions (every page). The call needs the bearer
 * token, so the file is fetched and handed to the browser as a blob link.
 */
export async function exportTransactions(query: TransactionListQuery): Promise<string> {
  const { page: _page, per_page: _perPage, sort: _sort, ...filters } = query;
  const token = useAuthStore.getState().token;
  const res = await fetch(buildUrl('/points/transactions/export', filters), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    const message = typeof body?.message === 'string' ? body.message : res.statusText;
    throw new ApiError(res.status, message, { body, hasServerMessage: typeof body?.message === 'string' });
  }
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'transacciones.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

export function useExportTransactions() {
  return useMutation({ mutationFn: exportTransactions });
}
