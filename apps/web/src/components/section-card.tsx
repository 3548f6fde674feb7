import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** Beside the title, e.g. a period switch. */
  right?: ReactNode;
  /** "100%" when it sits in a grid row beside a taller card. */
  h?: string;
  children: ReactNode;
}

/** A titled card of a report screen (the dashboards). */
export function SectionCard({ title, right, h, children }: SectionCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} h={h}>
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {right}
      </Group>
      {children}
    </Paper>
  );
}
