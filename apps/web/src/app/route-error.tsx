import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Last resort for a screen that failed to render or whose code failed to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100dvh" p="lg" component="main">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <Title order={1} fz="h2">
          Algo salió mal
        </Title>
        <Text c="dimmed">No se pudo mostrar esta pantalla. Recargá la página para intentarlo de nuevo.</Text>
        <Button onClick={() => window.location.reload()}>Recargar</Button>
      </Stack>
    </Center>
  );
}
