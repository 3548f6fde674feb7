import { ActionIcon, Anchor, Burger, Group, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { APP_TITLE } from '@panel/shared';
import {
  IconBell,
  IconDroplet,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { ProfileMenu } from './profile-menu';
import { ScreenSearch } from './screen-search';
import classes from './top-bar.module.css';

interface TopBarProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  drawerOpened: boolean;
  onOpenDrawer: () => void;
}

/** docs/product.md#layout: menu toggle, search, "Calendario", bell and the profile dropdown. */
export const TopBar = memo(function TopBar({
  collapsed,
  onToggleCollapsed,
  drawerOpened,
  onOpenDrawer,
}: TopBarProps) {
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          hiddenFrom="sm"
          size="sm"
          opened={drawerOpened}
          onClick={onOpenDrawer}
          aria-label="Abrir menú"
        />
        <Tooltip label={collapsed ? 'Expandir menú' : 'Contraer menú'}>
          <ActionIcon
            visibleFrom="sm"
            variant="subtle"
            color="gray.7"
            size="lg"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expandir menú' : 'Contraer menú'}
            aria-expanded={!collapsed}
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={22} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={22} />
            )}
          </ActionIcon>
        </Tooltip>
        <UnstyledButton
          component={Link}
          to="/"
          // WCAG 2.5.3: the name starts with the words shown (the title, from md up).
          aria-label={`${APP_TITLE}: ir al tablero`}
          className={classes.brand}
        >
          <ThemeIcon size={32} radius="md" aria-hidden>
            <IconDroplet size={20} />
          </ThemeIcon>
          <Text fw={700} c="dark.7" visibleFrom="md" className={classes.brandText}>
            {APP_TITLE}
          </Text>
        </UnstyledButton>
      </Group>

      <Group gap={4} wrap="nowrap">
        <ScreenSearch />
        <Anchor component={Link} to="/calendar" size="sm" fw={600} px={6} c="dark.6">
          Calendario
        </Anchor>
        <Tooltip label="Sin notificaciones nuevas">
          <ActionIcon
            variant="subtle"
            color="gray.7"
            size="lg"
            aria-label="Avisos: sin notificaciones nuevas"
          >
            <IconBell size={20} />
          </ActionIcon>
        </Tooltip>
        <ProfileMenu />
      </Group>
    </Group>
  );
});
