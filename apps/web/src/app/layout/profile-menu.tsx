import { Avatar, Badge, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { roleLabel } from '@panel/shared';
import { IconLogout } from '@tabler/icons-react';
import { useAuthStore } from '../../lib/auth-store';
import { useSignOut } from './use-sign-out';
import { initials } from './user-initials';

/** The top bar's avatar: who is signed in (DECISIONS §3: the real user) and "Cerrar sesión". */
export function ProfileMenu() {
  const user = useAuthStore((s) => s.user);
  const signOut = useSignOut();

  return (
    <Menu position="bottom-end" width={260} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Menú de perfil" style={{ borderRadius: '50%' }}>
          <Avatar radius="xl" color="brand" variant="filled">
            {initials(user?.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
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
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
          Cerrar sesión
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
