import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { roleLabel } from '@panel/shared';
import { IconLogout } from '@tabler/icons-react';
import { memo, useEffect, useId, useMemo, useState } from 'react';
import { useDashboardSummary } from '../../features/dashboard/api/get-dashboard-summary';
import { useAuthStore } from '../../lib/auth-store';
import { isEntryActive, isLeafActive, type MenuEntry, menuFor } from './menu-items';
import { MenuLink } from './menu-link';
import classes from './side-menu.module.css';
import { useSignOut } from './use-sign-out';
import { initials } from './user-initials';

interface SideMenuProps {
  /** The narrow icon-only rail. */
  collapsed: boolean;
  /** The current path: given, not read here, so a list's page or filter change renders no menu. */
  pathname: string;
}

function useUpcomingEvents(): number {
  const { data } = useDashboardSummary();
  return data?.upcoming_events ?? 0;
}

/** The count is shown, and read as the link's description: the link's name stays "Calendario". */
function upcomingText(count: number) {
  return `${count} ${count === 1 ? 'evento' : 'eventos'} en los próximos 7 días`;
}

function UpcomingDescription({ id, count }: { id: string; count: number }) {
  return (
    <span id={id} hidden>
      {upcomingText(count)}
    </span>
  );
}

function CalendarBadge({ count }: { count: number }) {
  return (
    <Badge
      size="sm"
      circle={count < 10}
      variant="filled"
      color="accent"
      aria-hidden
      title={upcomingText(count)}
    >
      {count}
    </Badge>
  );
}

function ExpandedEntry({
  entry,
  pathname,
  upcoming,
}: {
  entry: MenuEntry;
  pathname: string;
  upcoming: number;
}) {
  const active = isEntryActive(entry, pathname);
  const [opened, setOpened] = useState(active);
  // Entering a submenu's screen from elsewhere (quick search, a link) opens it.
  useEffect(() => {
    if (active) setOpened(true);
  }, [active]);
  const Icon = entry.icon;
  const descriptionId = useId();
  const withBadge = Boolean(entry.badge) && upcoming > 0;

  if (!entry.children) {
    return (
      <>
        <NavLink
          component={MenuLink}
          to={entry.path}
          label={entry.label}
          leftSection={<Icon size={20} stroke={1.7} />}
          rightSection={withBadge ? <CalendarBadge count={upcoming} /> : undefined}
          active={active}
          aria-current={active ? 'page' : undefined}
          aria-describedby={withBadge ? descriptionId : undefined}
          className={classes.link}
        />
        {withBadge && <UpcomingDescription id={descriptionId} count={upcoming} />}
      </>
    );
  }

  return (
    <NavLink
      component="button"
      type="button"
      label={entry.label}
      leftSection={<Icon size={20} stroke={1.7} />}
      opened={opened}
      onChange={setOpened}
      active={active && !opened}
      className={classes.link}
      childrenOffset={30}
    >
      {entry.children.map((child) => {
        const childActive = isLeafActive(child, pathname);
        return (
          <NavLink
            key={child.path}
            component={MenuLink}
            to={child.path}
            label={child.label}
            active={childActive}
            aria-current={childActive ? 'page' : undefined}
            className={classes.link}
          />
        );
      })}
    </NavLink>
  );
}

function RailEntry({ entry, pathname, upcoming }: { entry: MenuEntry; pathname: string; upcoming: number }) {
  const active = isEntryActive(entry, pathname);
  const Icon = entry.icon;
  const descriptionId = useId();
  const withBadge = Boolean(entry.badge) && upcoming > 0;
  const icon = (
    <Indicator disabled={!withBadge} label={upcoming} size={16} color="accent" offset={2} zIndex={1}>
      <Icon size={22} stroke={1.7} />
    </Indicator>
  );

  if (!entry.children) {
    return (
      <>
        <Tooltip label={entry.label} position="right">
          <UnstyledButton
            component={MenuLink}
            to={entry.path}
            className={classes.railItem}
            data-active={active || undefined}
            aria-label={entry.label}
            aria-current={active ? 'page' : undefined}
            aria-describedby={withBadge ? descriptionId : undefined}
          >
            {icon}
          </UnstyledButton>
        </Tooltip>
        {withBadge && <UpcomingDescription id={descriptionId} count={upcoming} />}
      </>
    );
  }

  return (
    <Menu position="right-start" offset={10} withArrow trigger="click-hover" openDelay={80} closeDelay={150}>
      <Menu.Target>
        <UnstyledButton
          className={classes.railItem}
          data-active={active || undefined}
          aria-label={entry.label}
        >
          {icon}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{entry.label}</Menu.Label>
        {entry.children.map((child) => (
          <Menu.Item
            key={child.path}
            component={MenuLink}
            to={child.path}
            className={classes.railMenuItem}
            data-active={isLeafActive(child, pathname) || undefined}
          >
            {child.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function MenuFooter({ collapsed }: { collapsed: boolean }) {
  const user = useAuthStore((s) => s.user);
  const signOut = useSignOut();
  const role = user ? roleLabel(user.role) : '';

  if (collapsed) {
    return (
      <Box className={classes.footer} data-collapsed>
        <Tooltip label={`${user?.name ?? ''} · ${role}`} position="right">
          <Avatar radius="xl" color="brand" variant="light" aria-label={`${user?.name ?? ''}, ${role}`}>
            {initials(user?.name)}
          </Avatar>
        </Tooltip>
        <Tooltip label="Cerrar sesión" position="right">
          <ActionIcon variant="subtle" color="red" size="lg" aria-label="Cerrar sesión" onClick={signOut}>
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      </Box>
    );
  }

  return (
    <Box className={classes.footer}>
      <Group gap="sm" wrap="nowrap" mb="sm">
        <Avatar radius="xl" color="brand" variant="light" aria-hidden>
          {initials(user?.name)}
        </Avatar>
        <div className={classes.footerText}>
          <Text size="sm" fw={600} truncate="end">
            {user?.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {role}
          </Text>
        </div>
      </Group>
      <Button
        variant="light"
        color="red"
        fullWidth
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={signOut}
      >
        Cerrar sesión
      </Button>
    </Box>
  );
}

/** The side menu of docs/product.md#layout: sections, submenus, the calendar badge and the user's footer. */
export const SideMenu = memo(function SideMenu({ collapsed, pathname }: SideMenuProps) {
  const upcoming = useUpcomingEvents();
  const viewer = useAuthStore((s) => s.user);
  // Only the screens this role may open (lib/permissions.ts): a branch manager's menu is shorter.
  const menu = useMemo(() => menuFor(viewer), [viewer]);

  return (
    <div className={classes.root}>
      <ScrollArea className={classes.scroll} type="hover" scrollbarSize={6}>
        <div className={collapsed ? classes.rail : classes.list}>
          {menu.map((section, index) => (
            <div key={section.label} className={classes.section}>
              {collapsed ? (
                index > 0 && <Divider my={6} aria-hidden />
              ) : (
                <Text className={classes.sectionLabel} component="p">
                  {section.label}
                </Text>
              )}
              {section.entries.map((entry) =>
                collapsed ? (
                  <RailEntry key={entry.label} entry={entry} pathname={pathname} upcoming={upcoming} />
                ) : (
                  <ExpandedEntry key={entry.label} entry={entry} pathname={pathname} upcoming={upcoming} />
                ),
              )}
            </div>
          ))}
        </div>
      </ScrollArea>
      <MenuFooter collapsed={collapsed} />
    </div>
  );
});
