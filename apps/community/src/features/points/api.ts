import type { TAppLeaderboard, TAppMyPoints } from '@panel/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { qk } from '../../lib/query-keys';

export function useMyPoints() {
  return useQuery({
    queryKey: qk.points,
    queryFn: () => apiRequest<{ data: TAppMyPoints }>('/app/me/points'),
  });
}

type Transaction = TAppMyPoints['recent_transactions'][number];

interface TransactionPage {
  data: Transaction[];
  meta: { page: number; last_page: number; total: number };
}

export function useTransactions() {
  return useInfiniteQuery({
    queryKey: qk.transactions,
    queryFn: ({ pageParam }) =>
      apiRequest<TransactionPage>('/app/me/transactions', {
        query: { page: pageParam, per_page: 20 },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
  });
}

export function useLeaderboard() {
  return useQuery({
    queryKey: qk.leaderboard,
    queryFn: () => apiRequest<{ data: TAppLeaderboard }>('/app/leaderboard', { query: { limit: 20 } }),
  });
}
