import { SimpleGrid } from '@mantine/core';
import type { TDashboardSummary } from '@panel/shared';
import { IconCalendarEvent, IconNews, IconUsers } from '@tabler/icons-react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { useAuthStore } from '../../../lib/auth-store';
import { type OwnBranch, usePermissions } from '../../../lib/permissions';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { DashboardActivity } from './dashboard-activity';
import { StatCard } from './stat-card';

const count = (n: number) => n.toLocaleString('es-AR');

/** The spec's labels, and a caption saying what each number counts (issue 21, item 14). */
const COUNTERS = [
  {
    key: 'sellers',
    label: 'Vendedores',
    color: 'brand',
    Icon: IconUsers,
    // Vendedores lists everyone (inactive sellers and administrators too): say which the number is.
    caption: (d: TDashboardSummary) =>
      typeof d.users === 'number' ? `activos, de ${count(d.users)} usuarios en total` : 'activos',
  },
  {
    key: 'posts',
    label: 'Publicaciones',
    color: 'grape',
    Icon: IconNews,
    // A branch manager's counts are their branch's (the API's scope).
    caption: (_d: TDashboardSummary, own: OwnBranch | null) =>
      own ? `en total, de ${own.name}` : 'en total, de todas las sucursales',
  },
  {
    key: 'events',
    label: 'Eventos',
    color: 'orange',
    Icon: IconCalendarEvent,
    caption: (d: TDashboardSummary) => `en total; ${count(d.upcoming_events)} de hoy a 7 días`,
  },
] as const;

/** / and /dashboard: real counts of sellers, posts and events (docs/product.md#the-two-readings-settled). */
export function DashboardPage() {
  const name = useAuthStore((s) => s.user?.name);
  const own = usePermissions().ownBranch;
  const of = own ? own.name : 'la comunidad';
  const summary = useDashboardSummary();
  const { data, isPending: loading, isError } = summary;

  return (
    <>
      <PageHeader
        title="Tablero de control"
        breadcrumb="Inicio / Tablero"
        subtitle={name ? `Hola, ${name}. Este es el resumen de ${of}.` : `Resumen de ${of}.`}
      />
      {isError && !data ? (
        <LoadErrorAlert title="Error al cargar datos" query={summary} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {COUNTERS.map(({ key, label, color, Icon, caption }) => (
            <StatCard
              key={key}
              label={label}
              value={data?.[key]}
              caption={data ? caption(data, own) : undefined}
              loading={loading}
              color={color}
              icon={<Icon size={26} />}
            />
          ))}
        </SimpleGrid>
      )}
      <DashboardActivity />
    </>
  );
}

export default DashboardPage;
