import { Button, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ENGAGEMENT_MSG,
  ENGAGEMENT_WEEKS,
  ENGAGEMENT_WEEKS_LABELS,
  INACTIVE_DAYS,
  type TEngagementWeeks,
} from '@panel/shared';
import { IconFileDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { notify } from '../../../lib/notify';
import { exportEngagement, useEngagement } from '../api/get-engagement';
import { BranchTable } from './branch-table';
import { InactiveSellers } from './inactive-sellers';
import { CHART_MEASURES, formatDay } from './measures';

// The chart library loads with this screen only, after its data.
const EngagementChart = lazy(() => import('./engagement-chart'));

const weeksOf = (raw: string | null): TEngagementWeeks =>
  (ENGAGEMENT_WEEKS as readonly number[]).includes(Number(raw)) ? (Number(raw) as TEngagementWeeks) : 4;

/** /engagement, Participación (docs/product.md#participacion): administrators only. */
export function EngagementPage() {
  const [params, setParams] = useSearchParams();
  const weeks = weeksOf(params.get('weeks'));
  const [measure, setMeasure] = useState(CHART_MEASURES[0]!.key);
  const [exporting, setExporting] = useState(false);
  const engagement = useEngagement(weeks);
  // Three "Últimas N semanas" do not fit a phone's width side by side.
  const narrow = useMediaQuery('(max-width: 36em)');
  const { data, isPending, isError } = engagement;

  const setWeeks = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '4') next.delete('weeks');
        else next.set('weeks', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const onExport = async () => {
    setExporting(true);
    try {
      await exportEngagement(weeks);
    } catch (error) {
      notify.apiError(error, ENGAGEMENT_MSG.exportError);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Participación"
        breadcrumb="Inicio / Avances / Participación"
        subtitle="Qué sucursales siguen la app, semana a semana, y quiénes dejaron de abrirla."
        actions={
          <Button
            variant="default"
            leftSection={<IconFileDownload size={16} aria-hidden />}
            onClick={onExport}
            loading={exporting}
            disabled={!data}
          >
            Exportar CSV
          </Button>
        }
      />
      <Stack gap="lg">
        <SegmentedControl
          value={String(weeks)}
          onChange={setWeeks}
          data={ENGAGEMENT_WEEKS.map((w) => ({ value: String(w), label: ENGAGEMENT_WEEKS_LABELS[w] }))}
          aria-label="Período"
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          maw={560}
        />
        {isError && !data ? (
          <LoadErrorAlert title={ENGAGEMENT_MSG.dataError} query={engagement} />
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="engagement-period">
              {data
                ? `Semanas completas del ${formatDay(data.period.from)} al ${formatDay(data.period.to)}, comparadas con ` +
                  `las del ${formatDay(data.previous.from)} al ${formatDay(data.previous.to)}.`
                : ' '}
            </Text>
            <SectionCard
              title="Semana a semana"
              right={
                <Select
                  aria-label="Medida del gráfico"
                  data={CHART_MEASURES.map((m) => ({ value: m.key, label: m.label }))}
                  value={measure}
                  onChange={(v) => v && setMeasure(v)}
                  allowDeselect={false}
                  w={280}
                  maw="100%"
                />
              }
            >
              {isPending ? (
                <Skeleton height={320} radius="md" />
              ) : (
                <Suspense fallback={<Skeleton height={320} radius="md" />}>
                  <div
                    role="img"
                    aria-label={`${CHART_MEASURES.find((m) => m.key === measure)?.label} por semana, por sucursal y de toda la empresa`}
                    data-testid="engagement-chart"
                  >
                    <EngagementChart data={data} measure={measure} />
                  </div>
                </Suspense>
              )}
            </SectionCard>
            <SectionCard title="Sucursales en el período">
              {isPending ? <Skeleton height={200} radius="md" /> : <BranchTable data={data} />}
            </SectionCard>
            <SectionCard title={`Vendedores sin abrir la app en ${INACTIVE_DAYS} días`}>
              {data ? <InactiveSellers branches={data.branches} /> : <Skeleton height={120} radius="md" />}
            </SectionCard>
          </>
        )}
      </Stack>
    </>
  );
}

export default EngagementPage;
