import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  DEFAULT_LEADERBOARD_LIMIT,
  LEADERBOARD_LIMITS,
  LEADERBOARD_PERIODS,
  PERIOD_LABELS,
  POINTS_REPORTS_MSG,
  type TLeaderboardPeriod,
} from '@panel/shared';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatPoints } from '../../../components/ranked-sellers';
import { RetryButton } from '../../../components/retry-button';
import { BranchSelect } from '../../../components/selects/branch-select';
import { errorMessage } from '../../../lib/api-client';
import { useLeaderboard } from '../api/get-leaderboard';
import { Podium } from './podium';

const PERIOD_OPTIONS = LEADERBOARD_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));
const LIMIT_OPTIONS = LEADERBOARD_LIMITS.map((n) => ({ value: String(n), label: `Top ${n}` }));

function useLeaderboardParams() {
  const [params, setParams] = useSearchParams();
  const rawPeriod = params.get('period');
  const period = (LEADERBOARD_PERIODS as readonly string[]).includes(rawPeriod ?? '')
    ? (rawPeriod as TLeaderboardPeriod)
    : 'monthly';
  const rawLimit = Number(params.get('limit'));
  const limit = (LEADERBOARD_LIMITS as readonly number[]).includes(rawLimit)
    ? rawLimit
    : DEFAULT_LEADERBOARD_LIMIT;
  const rawBranch = Number(params.get('branch_id'));
  const branchId = Number.isInteger(rawBranch) && rawBranch > 0 ? rawBranch : null;
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { period, limit, branchId, set };
}

/** /points-leaderboard (docs/product.md#leaderboard): sellers ranked by points in a period, the top 3 on a podium. */
export function LeaderboardPage() {
  const { period, limit, branchId, set } = useLeaderboardParams();
  const result = useLeaderboard({ period, limit, branch_id: branchId ?? undefined });
  const { data, isPending, isError, error, isFetching, refetch } = result;
  const podium = data?.slice(0, 3) ?? [];
  const rest = data?.slice(3) ?? [];

  let body: ReactNode;
  if (isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={150} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (isError && !data) {
    body = (
      <Stack align="center" gap="sm" py="xl">
        <Text role="alert" c="red.8" fw={500} ta="center">
          {errorMessage(error, POINTS_REPORTS_MSG.leaderboardError)}
        </Text>
        <RetryButton onRetry={refetch} loading={isFetching} />
      </Stack>
    );
  } else if (!data || data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {POINTS_REPORTS_MSG.leaderboardEmpty}
      </Text>
    );
  } else {
    body = (
      <>
        <Podium entries={podium} />
        {rest.length > 0 && (
          // On a phone the branch goes under the name, so the points always show.
          <Table highlightOnHover verticalSpacing="sm" layout="fixed" mt="lg" aria-label="Resto del ranking">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={76}>Puesto</Table.Th>
                <Table.Th>Vendedor</Table.Th>
                <Table.Th visibleFrom="sm">Sucursal</Table.Th>
                <Table.Th w={104} ta="end">
                  Puntos
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rest.map((e) => (
                <Table.Tr key={e.id} data-id={e.id}>
                  <Table.Td fw={700}>#{e.rank}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {e.name}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {e.branch_name ?? 'Sin sucursal'}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" c={e.branch_name ? undefined : 'dimmed'}>
                    {e.branch_name ?? 'Sin sucursal'}
                  </Table.Td>
                  <Table.Td ta="end" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatPoints(e.period_points)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Leaderboard"
        breadcrumb="Inicio / Gamificación / Leaderboard"
        subtitle="Los vendedores con más puntos del período. Los empates comparten el puesto."
        actions={
          <Button
            variant="white"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => refetch()}
            loading={isFetching && !isPending}
          >
            Actualizar
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="sm" mb="lg" align="flex-end" wrap="wrap">
          <Select
            label="Período"
            data={PERIOD_OPTIONS}
            value={period}
            onChange={(v) => set('period', v && v !== 'monthly' ? v : null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <BranchSelect
            label="Sucursal"
            allLabel="Todas las sucursales"
            value={branchId}
            onChange={(id) => set('branch_id', id === null ? null : String(id))}
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label="Mostrar"
            data={LIMIT_OPTIONS}
            value={String(limit)}
            onChange={(v) => set('limit', v && Number(v) !== DEFAULT_LEADERBOARD_LIMIT ? v : null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 120 }}
          />
        </Group>
        {isError && data && (
          <Group gap="sm" mb="sm">
            <Text role="alert" c="red.8" size="sm">
              {errorMessage(error, POINTS_REPORTS_MSG.leaderboardError)}
            </Text>
            <RetryButton onRetry={refetch} loading={isFetching} />
          </Group>
        )}
        <div aria-busy={isFetching || undefined} style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}>
          {body}
        </div>
      </Paper>
    </>
  );
}

export default LeaderboardPage;
