import { Badge, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TLeaderboardEntry } from '@panel/shared';

/** Gold, silver and bronze for ranks 1–3 (ties share a medal). */
export const MEDAL_COLORS: Record<number, string> = { 1: 'yellow', 2: 'gray', 3: 'orange' };

/** Text on light medal badges, dark enough for WCAG AA contrast. */
export const MEDAL_TEXT: Record<number, string> = { 1: '#7a4b00', 2: '#343a40', 3: '#8a3a00' };

export const formatPoints = (n: number) => `${n.toLocaleString('es-AR')} pts`;

interface RankedSellersProps {
  entries: TLeaderboardEntry[] | undefined;
  loading: boolean;
  emptyText: string;
  /** For the list's accessible name. */
  label: string;
}

/** A short ranking (the dashboards' top 5): rank, name, branch and points. */
export function RankedSellers({ entries, loading, emptyText, label }: RankedSellersProps) {
  if (loading && !entries) {
    return (
      <Stack gap="sm" aria-busy>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (!entries || entries.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap={6} p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {entries.map((e) => (
        <Group
          component="li"
          key={e.id}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          data-testid="ranked-seller"
        >
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon
              radius="xl"
              size={30}
              variant={MEDAL_COLORS[e.rank] ? 'filled' : 'light'}
              color={MEDAL_COLORS[e.rank] ?? 'brand'}
              role="img"
              aria-label={`Puesto ${e.rank}`}
            >
              <Text size="xs" fw={700} c="inherit" aria-hidden>
                {e.rank}
              </Text>
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {e.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {e.branch_name ?? 'Sin sucursal'}
              </Text>
            </div>
          </Group>
          <Badge variant="light" size="lg" style={{ flex: 'none' }}>
            {formatPoints(e.period_points)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
