import type { TListResponse } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';
import type { CatalogItem, CatalogKind } from './catalog-resource';

export function getCatalog(kind: CatalogKind, query: ListQuery, signal?: AbortSignal) {
  return apiRequest<TListResponse<CatalogItem>>(`/${kind}`, { query, signal });
}

export const catalogQueryOptions = (kind: CatalogKind, query: ListQuery) =>
  queryOptions({
    queryKey: [kind, 'list', query],
    queryFn: ({ signal }) => getCatalog(kind, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCatalog(kind: CatalogKind, query: ListQuery) {
  return useQuery(catalogQueryOptions(kind, query));
}
