import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: number | undefined;
  /** What the number counts, under it ("activos, de 61 usuarios en total"). */
  caption?: string | undefined;
  icon: ReactNode;
  color: string;
  loading: boolean;
}

export function StatCard({ label, value, caption, icon, color, loading }: StatCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" aria-busy={loading || undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={36} width={80} mt={8} radius="sm" data-testid="stat-skeleton" />
          ) : (
            <>
              {/* Not a <p>: a big bold paragraph over a caption reads as a heading (axe p-as-heading). */}
              <Text component="div" fz={36} fw={700} lh={1.2} mt={4}>
                {(value ?? 0).toLocaleString('es-AR')}
              </Text>
              {caption && (
                <Text size="sm" c="dimmed" mt={2}>
                  {caption}
                </Text>
              )}
            </>
          )}
        </div>
        <ThemeIcon size={48} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
