import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/page-header';

/** Any unknown path inside the panel. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Página no encontrada" breadcrumb="Inicio / Página no encontrada" />
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm" py="lg">
          <Title order={2} fz="h3">
            Error 404
          </Title>
          <Text c="dimmed">La dirección «{pathname}» no existe en el panel.</Text>
          <Button component={Link} to="/dashboard">
            Ir al tablero
          </Button>
        </Stack>
      </Paper>
    </>
  );
}

export default NotFoundPage;
