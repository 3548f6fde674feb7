import { Alert, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorAlertProps {
  /** The message in bold above `children`, e.g. a report's "Error al cargar...". */
  title?: ReactNode;
  children?: ReactNode;
  mt?: MantineSpacing;
}

/** A failure the screen reports (a refused login, a report that could not load): red, with the alert icon, read out at once. */
export function ErrorAlert({ title, children, mt }: ErrorAlertProps) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle aria-hidden />}
      title={title}
      mt={mt}
    >
      {children}
    </Alert>
  );
}
