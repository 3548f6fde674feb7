import { Group, Pagination, Select, Skeleton, Stack, Text } from '@mantine/core';
import { ENGAGEMENT_MSG, INACTIVE_DAYS, type TEngagement } from '@panel/shared';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { usePermissions } from '../../../lib/permissions';
import { useInactiveSellers } from '../api/get-engagement';
import { formatDay } from './measures';

/** The active sellers who have not opened the app in 14 days, of one branch or all: the list a manager calls. */
export function InactiveSellers({ branches }: { branches: TEngagement['branches'] }) {
  const [branchId, setBranchId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const query = useInactiveSellers(branchId, page);
  const { data, isPending, isError } = query;
  // A branch manager's list is their branch's already (the API's scope): no "every branch" to offer.
  const own = usePermissions().ownBranch;
  const shown = branchId ?? own?.id ?? null;

  return (
    <Stack gap="sm">
      <Select
        label="Sucursal"
        data={[
          ...(own ? [] : [{ value: '', label: 'Todas las sucursales' }]),
          ...branches.map((b) => ({ value: String(b.branch_id), label: b.branch_name })),
        ]}
        value={shown === null ? '' : String(shown)}
        onChange={(v) => {
          setBranchId(v ? Number(v) : null);
          setPage(1);
        }}
        allowDeselect={false}
        maw={320}
      />
      {isError && !data ? (
        <LoadErrorAlert title={ENGAGEMENT_MSG.inactiveError} query={query} />
      ) : isPending ? (
        <Skeleton height={120} radius="md" />
      ) : data.data.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          Todos los vendedores abrieron la app en los últimos {INACTIVE_DAYS} días.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {data.meta.total.toLocaleString('es-AR')}{' '}
            {data.meta.total === 1 ? 'vendedor sin visitas' : 'vendedores sin visitas'}
          </Text>
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Vendedores sin abrir la app"
          >
            {data.data.map((s) => (
              <Group
                component="li"
                key={s.id}
                justify="space-between"
                gap="xs"
                wrap="wrap"
                data-testid="inactive-seller"
              >
                <div style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {s.email} · {s.branch_name ?? 'Sin sucursal'}
                  </Text>
                </div>
                <Text size="xs" c="dimmed">
                  {s.last_visit ? `Última visita: ${formatDay(s.last_visit)}` : 'Nunca abrió la app'}
                </Text>
              </Group>
            ))}
          </Stack>
          {data.meta.last_page > 1 && (
            <Pagination
              total={data.meta.last_page}
              value={page}
              onChange={setPage}
              size="sm"
              siblings={0}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? 'Página siguiente'
                    : control === 'previous'
                      ? 'Página anterior'
                      : undefined,
              })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
