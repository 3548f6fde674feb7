import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';

/**
 * A page that only says why there is nothing to show here (an unknown address, a screen the role may not
 * open), with the way back to the Tablero.
 */
export function MessagePage({ title, heading, text }: { title: string; heading: string; text: ReactNode }) {
  return (
    <>
      <PageHeader title={title} breadcrumb={`Inicio / ${title}`} />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm" py="lg">
          <Title order={2} fz="h3">
            {heading}
          </Title>
          <Text c="dimmed">{text}</Text>
          <Button component={Link} to="/dashboard">
            Ir al tablero
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
