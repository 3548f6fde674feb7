import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-header.module.css';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Written out, such as "Inicio / Sucursales" (docs/product.md#lists). */
  breadcrumb?: string;
  /** Buttons on the right of the banner. */
  actions?: ReactNode;
}

/** The banner on top of every screen: breadcrumb, title (the page's only h1) and subtitle. */
export function PageHeader({ title, subtitle, breadcrumb, actions }: PageHeaderProps) {
  return (
    <Box className={classes.banner} mb="lg">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <div className={classes.text}>
          {breadcrumb && (
            <Text size="sm" className={classes.breadcrumb}>
              {breadcrumb}
            </Text>
          )}
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" className={classes.subtitle}>
              {subtitle}
            </Text>
          )}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Box>
  );
}
