import { Avatar, Badge, Box, Button, Divider, Popover, Text, UnstyledButton } from '@mantine/core';
import { roleLabel } from '@panel/shared';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuthStore } from '../../lib/auth-store';
import { useSignOut } from './use-sign-out';
import { initials } from './user-initials';

/**
 * The top bar's avatar: who is signed in (docs/product.md#the-two-readings-settled: the real user), "Mi cuenta" (the
 * account's open sessions, docs/product.md#open-sessions) and "Cerrar sesión". A small
 * dialog rather than a menu: a role="menu" may only hold items, and the name, email and role are text
 * (axe aria-required-children).
 */
export function ProfileMenu() {
  const user = useAuthStore((s) => s.user);
  const signOut = useSignOut();
  const shown = initials(user?.name);
  const [opened, setOpened] = useState(false);

  return (
    <Popover
      position="bottom-end"
      width={260}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        {/* WCAG 2.5.3: the name starts with what the button shows, the initials. */}
        <UnstyledButton
          aria-label={shown ? `${shown}: Menú de perfil` : 'Menú de perfil'}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
          style={{ borderRadius: '50%' }}
        >
          <Avatar radius="xl" color="brand" variant="filled">
            {shown}
          </Avatar>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Box px="sm" py="xs">
          <Text fw={600} size="sm" truncate="end">
            {user?.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user?.email}
          </Text>
          {user && (
            <Badge mt={6} size="sm" variant="light">
              {roleLabel(user.role)}
            </Badge>
          )}
        </Box>
        <Divider my={4} />
        <Button
          component={Link}
          to="/account"
          variant="subtle"
          color="dark"
          fullWidth
          justify="flex-start"
          mb={4}
          leftSection={<IconUserCircle size={16} aria-hidden />}
          onClick={() => setOpened(false)}
        >
          Mi cuenta
        </Button>
        {/* Outline in red.9 (5.4:1); subtle red text was Mantine's lighter red (under 4.5:1). */}
        <Button
          variant="outline"
          color="red.9"
          fullWidth
          justify="flex-start"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={signOut}
        >
          Cerrar sesión
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
