import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';

export const FORBIDDEN_TEXT = 'No tenés permiso para ver esta pantalla.';

/**
 * A screen the signed-in role may not open (lib/permissions.ts), reached by its address: said plainly,
 * with the way back, instead of a screen whose every call the API refuses.
 */
export function ForbiddenPage() {
  return (
    <>
      <PageHeader title="Sin permiso" breadcrumb="Inicio / Sin permiso" />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm" py="lg">
          <Title order={2} fz="h3">
            {FORBIDDEN_TEXT}
          </Title>
          <Text c="dimmed">Esta pantalla es solo para administradores. Si la necesitás, pedíselo a uno.</Text>
          <Button component={Link} to="/dashboard">
            Ir al tablero
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
