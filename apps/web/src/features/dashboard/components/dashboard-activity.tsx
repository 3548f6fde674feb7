import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { POINTS_REPORTS_MSG } from '@panel/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { RankedSellers } from '../../../components/ranked-sellers';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates/business-time';
import { useDashboardActivity } from '../api/get-dashboard-activity';

// The chart library loads after the counters, in its own chunk.
const ActivityChart = lazy(() => import('./activity-chart'));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} h="100%">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Below the counters: activity per day (30 days), the next five events, this month's top five. */
export function DashboardActivity() {
  const { data, isPending, isError, error, refetch, isRefetching } = useDashboardActivity();

  if (isError && !data) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle aria-hidden />}
        title={POINTS_REPORTS_MSG.dataError}
        mt="lg"
      >
        {errorMessage(error, '') || null}
        <Button
          mt="sm"
          size="xs"
          variant="light"
          color="red"
          onClick={() => refetch()}
          loading={isRefetching}
          display="block"
        >
          Reintentar
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="lg" mt="lg">
      <Section title="Actividad de la comunidad (últimos 30 días)">
        {isPending ? (
          <Skeleton height={300} radius="md" />
        ) : (
          <Suspense fallback={<Skeleton height={300} radius="md" />}>
            <ActivityChart days={data.days} />
          </Suspense>
        )}
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Próximos eventos">
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
        </Section>
        <Section title="Top 5 vendedores del mes">
          <RankedSellers
            entries={data?.top_sellers}
            loading={isPending}
            emptyText={POINTS_REPORTS_MSG.leaderboardEmpty}
            label="Top 5 vendedores del mes"
          />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
