import type { TListResponse, TPointTransaction } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

export type TransactionFilterKey = 'user_id' | 'action_key' | 'from' | 'to';
/** `ZTransactionListQuery` as the screen sends it. */
export type TransactionListQuery = ListQuery<TransactionFilterKey>;

export function getTransactions(query: TransactionListQuery, signal?: AbortSignal) {
  return apiRequest<TListResponse<TPointTransaction>>('/points/transactions', { query, signal });
}

export const transactionsQueryOptions = (query: TransactionListQuery) =>
  queryOptions({
    queryKey: ['points', 'transactions', query],
    queryFn: ({ signal }) => getTransactions(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(query: TransactionListQuery) {
  return useQuery(transactionsQueryOptions(query));
}
