import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';

export interface DistributionBar {
  label: string;
  count: number;
}

/** A question's distribution as bars (recharts via @mantine/charts, loaded only with this dialog). */
export function DistributionChart({ bars, title }: { bars: DistributionBar[]; title: string }) {
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <BarChart
        h={Math.max(160, bars.length * 36 + 40)}
        data={bars.map((b) => ({ label: b.label, Respuestas: b.count }))}
        dataKey="label"
        orientation="vertical"
        yAxisProps={{ width: 110 }}
        series={[{ name: 'Respuestas', color: 'blue.7' }]}
        gridAxis="x"
        withBarValueLabel
        barProps={{ isAnimationActive: false }}
        xAxisProps={{ allowDecimals: false }}
      />
      <VisuallyHidden component="figcaption">
        {bars.map((b) => `${b.label}: ${b.count}`).join(', ')}
      </VisuallyHidden>
    </figure>
  );
}

export default DistributionChart;
