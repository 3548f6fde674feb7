import { Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { POINTS_REPORTS_MSG } from '@panel/shared';
import { lazy, Suspense } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RankedSellers } from '../../../components/ranked-sellers';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/dates/business-time';
import { useDashboardActivity } from '../api/get-dashboard-activity';

// The chart library loads after the counters, in its own chunk.
const ActivityChart = lazy(() => import('./activity-chart'));

/** Below the counters: activity per day (30 days), the next five events, this month's top five. */
export function DashboardActivity() {
  const activity = useDashboardActivity();
  const { data, isPending, isError } = activity;

  if (isError && !data)
    return <LoadErrorAlert title={POINTS_REPORTS_MSG.dataError} query={activity} mt="lg" />;

  return (
    <Stack gap="lg" mt="lg">
      <SectionCard title="Actividad de la comunidad (últimos 30 días)" h="100%">
        {isPending ? (
          <Skeleton height={300} radius="md" />
        ) : (
          <Suspense fallback={<Skeleton height={300} radius="md" />}>
            <ActivityChart days={data.days} />
          </Suspense>
        )}
      </SectionCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title="Próximos eventos" h="100%">
          {isPending ? (
            <Skeleton height={180} radius="md" />
          ) : data.upcoming_events.length === 0 ? (
            <Text c="dimmed" size="sm" ta="center" py="md">
              No hay eventos próximos.
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Próximos eventos"
            >
              {data.upcoming_events.map((e) => (
                <Group
                  component="li"
                  key={e.id}
                  gap="sm"
                  wrap="nowrap"
                  align="flex-start"
                  data-testid="upcoming-event"
                >
                  <span
                    aria-hidden
                    style={{
                      width: 6,
                      alignSelf: 'stretch',
                      borderRadius: 3,
                      background: e.color,
                      flex: 'none',
                    }}
                  />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {e.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(e.start_at, 'DD/MM/YYYY HH:mm')} ·{' '}
                      {e.branch_name ?? 'Todas las sucursales'}
                    </Text>
                  </div>
                  <Badge variant="light" color="gray" style={{ flex: 'none', maxWidth: '40%' }}>
                    {e.event_type_name}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </SectionCard>
        <SectionCard title="Top 5 vendedores del mes" h="100%">
          <RankedSellers
            entries={data?.top_sellers}
            loading={isPending}
            emptyText={POINTS_REPORTS_MSG.leaderboardEmpty}
            label="Top 5 vendedores del mes"
          />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}
