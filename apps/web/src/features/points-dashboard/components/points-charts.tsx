import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { TPointsSummary } from '@panel/shared';
import { dayjs } from '../../../lib/dates/business-time';

const points = (n: number) => n.toLocaleString('es-AR');

/** Points awarded per business day, the last 30 days. */
export function PointsPerDayChart({ data }: { data: TPointsSummary['points_per_day'] }) {
  const rows = data.map((d) => ({ day: dayjs(d.date).format('DD/MM'), Puntos: d.points }));
  return (
    <div role="img" aria-label="Puntos otorgados por día, últimos 30 días">
      <BarChart
        h={240}
        data={rows}
        dataKey="day"
        series={[{ name: 'Puntos', color: 'brand.6' }]}
        valueFormatter={points}
        tickLine="y"
        gridAxis="y"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
      />
    </div>
  );
}

/** Points per action over the same 30 days, most first. */
export function PointsPerActionChart({ data }: { data: TPointsSummary['points_per_action'] }) {
  if (data.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        Sin puntos otorgados por acciones en los últimos 30 días.
      </Text>
    );
  }
  return (
    <div role="img" aria-label="Puntos otorgados por acción, últimos 30 días">
      <BarChart
        h={Math.max(160, data.length * 38)}
        data={data.map((a) => ({ action: a.name, Puntos: a.points }))}
        dataKey="action"
        orientation="vertical"
        series={[{ name: 'Puntos', color: 'teal.6' }]}
        valueFormatter={points}
        yAxisProps={{ width: 140 }}
        gridAxis="x"
      />
    </div>
  );
}
