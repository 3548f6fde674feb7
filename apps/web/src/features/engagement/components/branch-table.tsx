import { Box, Group, Paper, Select, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { TEngagement, TEngagementValues } from '@panel/shared';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { formatChange, formatValue, MEASURES, type MeasureKey } from './measures';

type SortKey = 'branch_name' | MeasureKey;
interface Sort {
  key: SortKey;
  desc: boolean;
}
interface Row {
  id: string;
  name: string;
  period: TEngagementValues;
  previous: TEngagementValues;
}

function compare(a: Row, b: Row, sort: Sort): number {
  let result: number;
  if (sort.key === 'branch_name') result = a.name.localeCompare(b.name, 'es');
  else {
    // A value that does not exist (no survey, no notification) goes last either way.
    const x = a.period[sort.key];
    const y = b.period[sort.key];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    result = x - y;
  }
  return sort.desc ? -result : result;
}

function Change({ current, previous }: { current: number | null; previous: number | null }) {
  const text = formatChange(current, previous);
  if (text === null) return null;
  const color = text.startsWith('+') ? 'teal.9' : text.startsWith('−') ? 'red.9' : 'dimmed';
  return (
    <Text component="span" size="xs" c={color} display="block">
      {text}
    </Text>
  );
}

const SORT_OPTIONS = [
  { value: 'branch_name', label: 'Sucursal' },
  ...MEASURES.map((m) => ({ value: m.key, label: m.label })),
];

/**
 * The branches for the period, each value with its change against the previous period; sorted by any
 * column (the company stays last). A table from 1200 px (its eight columns fit without splitting a word),
 * cards below.
 */
export function BranchTable({ data }: { data: TEngagement }) {
  const [sort, setSort] = useState<Sort>({ key: 'branch_name', desc: false });
  const rows: Row[] = data.branches
    .map((b) => ({ id: String(b.branch_id), name: b.branch_name, period: b.period, previous: b.previous }))
    .sort((a, b) => compare(a, b, sort));
  const company: Row = { id: 'company', name: 'Toda la empresa', ...data.company };
  const toggle = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: key !== 'branch_name' }));

  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    const Icon = active ? (sort.desc ? IconArrowDown : IconArrowUp) : IconSelector;
    return (
      <Table.Th
        key={key}
        aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
        style={{ verticalAlign: 'bottom', width: key === 'branch_name' ? '16%' : undefined }}
      >
        {/* Text and icon inline: a header wraps between its words, the icon after the last one. */}
        <UnstyledButton
          onClick={() => toggle(key)}
          fz={11}
          fw={700}
          lh={1.3}
          style={{ overflowWrap: 'break-word' }}
        >
          {label}
          <Icon size={13} aria-hidden style={{ verticalAlign: 'text-bottom', marginLeft: 2 }} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  const cells = (row: Row) =>
    MEASURES.map((m) => (
      <Table.Td key={m.key}>
        {formatValue(m.key, row.period[m.key])}
        {m.key !== 'sellers' && <Change current={row.period[m.key]} previous={row.previous[m.key]} />}
      </Table.Td>
    ));

  return (
    <>
      <Box visibleFrom="lg">
        <Table
          layout="fixed"
          horizontalSpacing={6}
          fz="sm"
          striped
          highlightOnHover
          aria-label="Participación por sucursal"
          data-testid="engagement-table"
        >
          <Table.Thead>
            <Table.Tr>
              {header('branch_name', 'Sucursal')}
              {MEASURES.map((m) => header(m.key, m.label))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Table.Th>
                {cells(row)}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{company.name}</Table.Th>
              {cells(company)}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Box>
      <Stack hiddenFrom="lg" gap="sm" data-testid="engagement-cards">
        <Group gap="xs" wrap="nowrap">
          <Select
            label="Ordenar por"
            data={SORT_OPTIONS}
            value={sort.key}
            onChange={(v) => v && setSort({ key: v as SortKey, desc: v !== 'branch_name' })}
            allowDeselect={false}
            style={{ flex: 1 }}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {[...rows, company].map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm" component="section" aria-label={row.name}>
              <Text fw={700} mb={6}>
                {row.name}
              </Text>
              <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
                {MEASURES.map((m) => (
                  <div key={m.key}>
                    <Text size="xs" c="dimmed">
                      {m.label}
                    </Text>
                    <Text size="sm" fw={600}>
                      {formatValue(m.key, row.period[m.key])}
                    </Text>
                    {m.key !== 'sellers' && (
                      <Change current={row.period[m.key]} previous={row.previous[m.key]} />
                    )}
                  </div>
                ))}
              </SimpleGrid>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
