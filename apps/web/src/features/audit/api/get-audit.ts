import type { TAuditEntry, TListResponse } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

/** The screen's URL state, sent as it is: `from`/`to` are business days (YYYY-MM-DD), both included. */
export const AUDIT_FILTERS = ['actor_id', 'entity', 'entity_id', 'action', 'from', 'to'] as const;
export type AuditListQuery = ListQuery<(typeof AUDIT_FILTERS)[number]>;

export function getAudit(query: AuditListQuery, signal?: AbortSignal) {
  return apiRequest<TListResponse<TAuditEntry>>('/audit', { query, signal });
}

export const auditQueryOptions = (query: AuditListQuery) =>
  queryOptions({
    queryKey: ['audit', 'list', query],
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(query: AuditListQuery) {
  return useQuery(auditQueryOptions(query));
}
