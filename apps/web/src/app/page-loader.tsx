import { Center, Loader } from '@mantine/core';

/** Shown while the first screen's code loads. */
export function PageLoader() {
  return (
    <Center h="100dvh" role="status" aria-label="Cargando">
      <Loader />
    </Center>
  );
}
