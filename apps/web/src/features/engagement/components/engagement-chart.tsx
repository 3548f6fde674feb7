import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { engagementWeek, type TEngagement } from '@panel/shared';
import { CHART_MEASURES } from './measures';

export const COMPANY = 'Toda la empresa';
const PALETTE = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.4',
  'yellow.7',
];

/** One line per branch and the company's, thicker and dark, for the weeks of the period. */
export function EngagementChart({ data, measure }: { data: TEngagement; measure: string }) {
  const of = (CHART_MEASURES.find((m) => m.key === measure) ?? CHART_MEASURES[0]!).of;
  const rows = data.week_starts.map((start, i) => {
    const [, month, day] = start.split('-');
    const row: Record<string, string | number | null> = { week: `${day}/${month}` };
    row[COMPANY] = of(engagementWeek(data.company, i));
    for (const b of data.branches) row[b.branch_name] = of(engagementWeek(b, i));
    return row;
  });
  const series = [
    { name: COMPANY, color: 'dark.7' },
    ...data.branches.map((b, i) => ({ name: b.branch_name, color: PALETTE[i % PALETTE.length]! })),
  ];
  return (
    <LineChart
      h={320}
      data={rows}
      dataKey="week"
      series={series}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      styles={{ legend: { flexWrap: 'wrap', justifyContent: 'center', rowGap: 4 } }}
      lineProps={(s) => (s.name === COMPANY ? { strokeWidth: 4 } : { strokeWidth: 1.5 })}
      curveType="linear"
      connectNulls
      gridAxis="y"
      valueFormatter={(n) => n.toLocaleString('es-AR')}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
    />
  );
}

export default EngagementChart;
