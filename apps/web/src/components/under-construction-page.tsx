import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from './page-header';

export interface UnderConstructionPageProps {
  title: string;
  breadcrumb: string;
}

/** An honest placeholder for a screen that arrives in a coming version: no made-up data. */
export function UnderConstructionPage({ title, breadcrumb }: UnderConstructionPageProps) {
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconTools size={30} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            En construcción
          </Title>
          <Text c="dimmed" maw={460}>
            La pantalla «{title}» llega en una próxima versión del panel. Por ahora no muestra datos.
          </Text>
          <Button component={Link} to="/dashboard" variant="light" mt="sm">
            Volver al tablero
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
