import { apiDownload, saveBlob } from '../../../lib/api-client';
import type { UserListQuery } from './get-users';

/** Downloads the CSV of the list's current search, filters and order (every page). */
export async function exportUsers(query: UserListQuery): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  const { blob, filename } = await apiDownload('/users/export', { query: filters });
  saveBlob(blob, filename ?? 'vendedores.csv');
}
