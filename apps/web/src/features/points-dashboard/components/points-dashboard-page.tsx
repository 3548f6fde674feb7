import { Badge, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  LEADERBOARD_PERIODS,
  PERIOD_LABELS,
  POINTS_REPORTS_MSG,
  type TLeaderboardPeriod,
} from '@panel/shared';
import { IconBolt, IconCrown, IconStar, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { RankedSellers } from '../../../components/ranked-sellers';
import { SectionCard } from '../../../components/section-card';
import { usePointsSummary } from '../api/get-points-summary';
import { PointsPerActionChart, PointsPerDayChart } from './points-charts';

function Card({
  label,
  value,
  hint,
  icon,
  color,
  loading,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  color: string;
  loading: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={32} width={90} mt={8} radius="sm" />
          ) : (
            <>
              <Text fz={28} fw={700} lh={1.25} mt={4} truncate>
                {value}
              </Text>
              {hint && (
                <Text size="sm" c="dimmed" truncate>
                  {hint}
                </Text>
              )}
            </>
          )}
        </div>
        <Paper radius="md" p={10} bg={`var(--mantine-color-${color}-light)`} c={`${color}.7`} aria-hidden>
          {icon}
        </Paper>
      </Group>
    </Paper>
  );
}

/** /points-dashboard (docs/product.md#points-dashboard), with the 30-day charts beyond the spec. */
export function PointsDashboardPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = (LEADERBOARD_PERIODS as readonly string[]).includes(raw ?? '')
    ? (raw as TLeaderboardPeriod)
    : 'monthly';
  const summary = usePointsSummary(period);
  const { data, isPending: loading, isError } = summary;

  const setPeriod = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'monthly') next.delete('period');
        else next.set('period', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHeader
        title="Gamificación"
        breadcrumb="Inicio / Gamificación / Dashboard"
        subtitle="Cómo suman puntos los vendedores: acciones, líderes y actividad de los últimos 30 días."
      />
      {isError && !data ? (
        <LoadErrorAlert title={POINTS_REPORTS_MSG.dataError} query={summary} />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, xl: 4 }} spacing="lg">
            <Card
              label="Acciones activas"
              value={data?.active_actions.toLocaleString('es-AR')}
              icon={<IconBolt size={24} />}
              color="brand"
              loading={loading}
            />
            <Card
              label="Promedio de puntos"
              value={data?.average_points.toLocaleString('es-AR', { maximumFractionDigits: 1 })}
              hint="por acción activa"
              icon={<IconStar size={24} />}
              color="grape"
              loading={loading}
            />
            <Card
              label="Usuarios en el top"
              value={data?.top_users_count.toLocaleString('es-AR')}
              hint={`con puntos · ${PERIOD_LABELS[period].toLowerCase()}`}
              icon={<IconUsers size={24} />}
              color="teal"
              loading={loading}
            />
            <Card
              label="Líder actual"
              value={data?.leader?.name ?? 'Sin líder'}
              hint={
                data?.leader
                  ? `${data.leader.points.toLocaleString('es-AR')} pts`
                  : 'Nadie sumó puntos en el período'
              }
              icon={<IconCrown size={24} />}
              color="yellow"
              loading={loading}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <SectionCard
              title="Top 5 vendedores"
              right={
                <SegmentedControl
                  size="xs"
                  value={period}
                  onChange={setPeriod}
                  data={LEADERBOARD_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
                  aria-label="Período del top"
                />
              }
            >
              <RankedSellers
                entries={data?.top}
                loading={loading}
                emptyText={POINTS_REPORTS_MSG.leaderboardEmpty}
                label="Top 5 vendedores"
              />
            </SectionCard>
            <SectionCard title="Acciones activas por puntos">
              {loading ? (
                <Skeleton height={180} radius="md" />
              ) : data && data.actions.length > 0 ? (
                <Stack
                  component="ol"
                  gap={8}
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  aria-label="Acciones activas por puntos"
                >
                  {data.actions.map((a) => (
                    <Group component="li" key={a.id} justify="space-between" wrap="nowrap" gap="sm">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {a.name}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace" truncate>
                          {a.key}
                        </Text>
                      </div>
                      <Badge variant="light" color="green" c="#237032" size="lg" style={{ flex: 'none' }}>
                        +{a.points.toLocaleString('es-AR')} pts
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Text c="dimmed" size="sm" ta="center" py="md">
                  No hay acciones activas.
                </Text>
              )}
            </SectionCard>
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <SectionCard title="Puntos por día (últimos 30 días)">
              {data ? (
                <PointsPerDayChart data={data.points_per_day} />
              ) : (
                <Skeleton height={240} radius="md" />
              )}
            </SectionCard>
            <SectionCard title="Puntos por acción (últimos 30 días)">
              {data ? (
                <PointsPerActionChart data={data.points_per_action} />
              ) : (
                <Skeleton height={240} radius="md" />
              )}
            </SectionCard>
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}

export default PointsDashboardPage;
