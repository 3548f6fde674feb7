import type { TListResponse } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';
import type { TypeKind, TypeRecord } from './type-kind';

export function getTypes(kind: TypeKind, query: ListQuery, signal?: AbortSignal) {
  return apiRequest<TListResponse<TypeRecord>>(`/${kind}`, { query, signal });
}

export const typesQueryOptions = (kind: TypeKind, query: ListQuery) =>
  queryOptions({
    queryKey: [kind, 'list', query],
    queryFn: ({ signal }) => getTypes(kind, query, signal),
    placeholderData: keepPreviousData,
  });

export function useTypes(kind: TypeKind, query: ListQuery) {
  return useQuery(typesQueryOptions(kind, query));
}
