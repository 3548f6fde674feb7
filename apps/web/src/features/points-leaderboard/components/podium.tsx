import { Badge, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { TLeaderboardEntry } from '@panel/shared';
import { IconMedal, IconTrophy } from '@tabler/icons-react';
import { formatPoints, MEDAL_COLORS, MEDAL_TEXT } from '../../../components/ranked-sellers';
import classes from './podium.module.css';

/** The first three entries as cards (docs/product.md#leaderboard: the top 3 highlighted). */
export function Podium({ entries }: { entries: TLeaderboardEntry[] }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      spacing="md"
      component="ol"
      className={classes.list}
      aria-label="Podio"
    >
      {entries.map((e) => {
        const color = MEDAL_COLORS[e.rank] ?? 'brand';
        return (
          <Paper
            component="li"
            key={e.id}
            withBorder
            radius="lg"
            p="lg"
            className={classes.card}
            data-rank={e.rank}
            data-testid="podium-card"
            style={{ borderTopColor: `var(--mantine-color-${color}-5)` }}
          >
            <ThemeIcon size={48} radius="xl" color={color} variant="light" aria-hidden>
              {e.rank === 1 ? <IconTrophy size={26} /> : <IconMedal size={26} />}
            </ThemeIcon>
            <Text fw={800} fz={28} lh={1.1} mt="sm">
              #{e.rank}
            </Text>
            <Text fw={700} size="lg" ta="center" className={classes.name}>
              {e.name}
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              {e.branch_name ?? 'Sin sucursal'}
            </Text>
            <Badge size="xl" mt="sm" variant="light" color={color} c={MEDAL_TEXT[e.rank] ?? undefined}>
              {formatPoints(e.period_points)}
            </Badge>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
