import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { TDashboardActivity } from '@panel/shared';
import { dayjs } from '../../../lib/dates/business-time';

const SERIES = [
  { name: 'Publicaciones', color: 'grape.6' },
  { name: 'Me gusta', color: 'pink.6' },
  { name: 'Comentarios', color: 'blue.6' },
  { name: 'Vistas de historias', color: 'orange.6' },
  { name: 'Puntos', color: 'teal.7', yAxisId: 'right', strokeDasharray: '5 3' },
];

/** Community activity per business day; points (a larger scale) on the right axis. */
export function ActivityChart({ days }: { days: TDashboardActivity['days'] }) {
  const data = days.map((d) => ({
    day: dayjs(d.date).format('DD/MM'),
    Publicaciones: d.posts,
    'Me gusta': d.likes,
    Comentarios: d.comments,
    'Vistas de historias': d.story_views,
    Puntos: d.points,
  }));
  return (
    <div role="img" aria-label="Actividad de la comunidad por día, últimos 30 días">
      <LineChart
        h={300}
        data={data}
        dataKey="day"
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 56 }}
        // Five series do not fit one row on narrow cards: the legend wraps instead of running off.
        styles={{ legend: { flexWrap: 'wrap', justifyContent: 'center', rowGap: 4 } }}
        withRightYAxis
        rightYAxisLabel="Puntos"
        curveType="linear"
        withDots={false}
        gridAxis="y"
        valueFormatter={(n) => n.toLocaleString('es-AR')}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
      />
    </div>
  );
}

export default ActivityChart;
