import { Autocomplete, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_TRANSACTIONS_PER_PAGE,
  POINTS_REPORTS_MSG,
  referenceLabel,
  type TPointTransaction,
  TRANSACTIONS_PER_PAGE_OPTIONS,
} from '@panel/shared';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { DateRangeFilter } from '../../../components/date-time-field/date-range-filter';
import { PageHeader } from '../../../components/page-header';
import type { ResourceListCard, ResourceListColumn } from '../../../components/resource-list/list-columns';
import { ListFilters } from '../../../components/resource-list/list-filters';
import { ListSearch } from '../../../components/resource-list/list-search';
import { ListView } from '../../../components/resource-list/list-view';
import classes from '../../../components/resource-list/resource-list.module.css';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { UserSelect } from '../../../components/selects/user-select';
import { formatDateTime } from '../../../lib/dates/business-time';
import { notify } from '../../../lib/notify';
import { useExportTransactions } from '../api/export-transactions';
import { useActionKeys } from '../api/get-action-keys';
import { type TransactionFilterKey, useTransactions } from '../api/get-transactions';
import rowClasses from './transactions-page.module.css';
import { TransactionsPager } from './transactions-pager';

const FILTERS = ['user_id', 'action_key', 'from', 'to'] as const satisfies readonly TransactionFilterKey[];

const number = (n: number, digits = 0) =>
  n.toLocaleString('es-AR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const signedPoints = (n: number) => (n > 0 ? `+${number(n)}` : number(n));

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function ActionKeyFilter({ value, onChange }: { value: string; onChange: (v: string | null) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const [search] = useDebouncedValue(text.trim(), 250);
  // Every configured action, searched on the server; any other key can still be typed.
  const keys = useActionKeys(search);
  const commit = (v: string) => onChange(v.trim() ? v.trim() : null);
  return (
    <Autocomplete
      label="Acción (clave)"
      placeholder="like_post"
      data={keys.data ?? []}
      filter={({ options }) => options}
      value={text}
      onChange={setText}
      onOptionSubmit={commit}
      onBlur={() => commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text);
      }}
      comboboxProps={{ withinPortal: false, position: 'bottom-start' }}
    />
  );
}

// The Historial cells use plain elements with CSS classes instead of Mantine's Text and Code: a
// 100-row page renders without Mantine's style-props work for each of its 600 cells.
const userCell = (t: TPointTransaction) => (
  <>
    <span className={rowClasses.name}>{t.user_name}</span>
    <span className={rowClasses.sub}>ID {t.user_id}</span>
  </>
);

const actionCell = (t: TPointTransaction) =>
  t.action ? (
    <>
      <span className={rowClasses.text}>{t.action.name}</span>
      <code className={rowClasses.key}>{t.action.key}</code>
    </>
  ) : (
    <span className={rowClasses.dimmed}>{t.description ?? 'Ajuste manual'}</span>
  );

const pointsCell = (t: TPointTransaction) => (
  <span
    className={`${rowClasses.points} ${t.points > 0 ? rowClasses.positive : rowClasses.negative}`}
    data-testid="points"
  >
    {signedPoints(t.points)}
  </span>
);

const columns: ResourceListColumn<TPointTransaction>[] = [
  { key: 'id', header: 'ID', width: 72, priority: 3 },
  { key: 'user', header: 'Usuario', minWidth: 150, render: userCell },
  { key: 'action', header: 'Acción', minWidth: 150, priority: 2, render: actionCell },
  { key: 'points', header: 'Puntos', width: 84, align: 'end', render: pointsCell },
  {
    key: 'reference',
    header: 'Referencia',
    width: 140,
    priority: 3,
    render: (t) => referenceLabel(t.reference_type, t.reference_id),
  },
  {
    key: 'created_at',
    header: 'Fecha',
    width: 140,
    priority: 2,
    render: (t) => formatDateTime(t.created_at, 'DD/MM/YYYY HH:mm'),
  },
];

const card: ResourceListCard<TPointTransaction> = {
  primary: (t) => t.user_name,
  secondary: actionCell,
  figures: ['points', 'created_at', 'reference'],
};

const transactionId = (t: TPointTransaction) => t.id;

/** /points-transactions, "Historial" (docs/product.md#points-history): every point awarded, searched and filtered on the server. */
export function TransactionsPage() {
  const params = useListParams({
    filters: FILTERS,
    perPageOptions: TRANSACTIONS_PER_PAGE_OPTIONS,
    defaultPerPage: DEFAULT_TRANSACTIONS_PER_PAGE,
  });
  const result = useTransactions(params.query);
  const exporter = useExportTransactions();
  const { data } = result;
  const rows = data?.data ?? [];
  const pagePoints = rows.reduce((sum, t) => sum + t.points, 0);
  const average = rows.length > 0 ? pagePoints / rows.length : 0;
  const { filters, setFilter } = params;

  const exportCsv = async () => {
    try {
      await exporter.mutateAsync(params.query);
    } catch (err) {
      notify.apiError(err, POINTS_REPORTS_MSG.exportError);
    }
  };

  return (
    <>
      <PageHeader
        title="Historial de puntos"
        breadcrumb="Inicio / Gamificación / Historial"
        subtitle="Cada punto otorgado a los vendedores, del más reciente al más antiguo."
        actions={
          <Button
            variant="white"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={exportCsv}
            loading={exporter.isPending}
          >
            Exportar
          </Button>
        }
      />
      {/* Three across where there is room: not beside the open menu at 768–991 px. */}
      <SimpleGrid cols={{ base: 1, xs: 3, sm: 1, md: 3 }} spacing="md" mb="lg">
        <Stat label="Transacciones" value={data ? number(data.meta.total) : '—'} testId="stat-total" />
        <Stat
          label="Puntos otorgados (página)"
          value={data ? signedPoints(pagePoints) : '—'}
          testId="stat-page-points"
        />
        <Stat
          label="Promedio por transacción"
          value={data ? number(average, 1) : '—'}
          testId="stat-average"
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} className={classes.paper}>
        <Group gap="sm" mb="md" wrap="wrap" align="center">
          <ListSearch
            value={params.q}
            onSearch={params.setSearch}
            placeholder="Buscar por acción, clave, descripción o usuario"
            label="Buscar"
          />
          <ListFilters activeCount={params.activeFilterCount} onClear={params.clearFilters}>
            <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
            <UserSelect
              label="Usuario"
              placeholder="Todos los usuarios"
              value={filters.user_id ? Number(filters.user_id) : null}
              onChange={(id) => setFilter('user_id', id === null ? null : String(id))}
              comboboxProps={{ withinPortal: false, position: 'bottom-start' }}
            />
            <ActionKeyFilter value={filters.action_key} onChange={(v) => setFilter('action_key', v)} />
          </ListFilters>
        </Group>
        <ListView
          title="Historial de puntos"
          result={result}
          columns={columns}
          card={card}
          getRowId={transactionId}
          loadingText="Cargando transacciones..."
          emptyText="No hay transacciones."
          errorText={POINTS_REPORTS_MSG.transactionsError}
        />
        <TransactionsPager
          meta={data?.meta}
          page={params.page}
          perPage={params.perPage}
          onPage={params.setPage}
          onPerPage={params.setPerPage}
        />
      </Paper>
    </>
  );
}

export default TransactionsPage;
