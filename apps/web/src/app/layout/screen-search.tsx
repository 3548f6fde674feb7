import { ActionIcon, Kbd, Modal, NavLink, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../lib/auth-store';
import type { Viewer } from '../../lib/permissions';
import { searchableScreens } from './menu-items';
import { rememberedPath } from './remembered-search';

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The screens `viewer` may open whose name (or group) holds `text`. */
export function filterScreens(text: string, viewer: Viewer) {
  const screens = searchableScreens(viewer);
  const needle = normalize(text.trim());
  if (!needle) return screens;
  return screens.filter((s) => normalize(`${s.group ?? ''} ${s.label}`).includes(needle));
}

/** The top bar's search: a quick "ir a pantalla" over the menu's entries (Ctrl+K). */
export function ScreenSearch() {
  const [opened, { open, close }] = useDisclosure(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const viewer = useAuthStore((s) => s.user);
  const results = useMemo(() => filterScreens(text, viewer), [text, viewer]);

  useHotkeys([['mod+K', open]]);

  const go = (path: string) => {
    close();
    setText('');
    setActive(0);
    navigate(rememberedPath(path));
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      const target = results[active];
      if (target) go(target.path);
    }
  };

  return (
    <>
      <Tooltip label="Buscar pantalla (Ctrl+K)">
        <ActionIcon variant="subtle" color="gray.7" size="lg" aria-label="Buscar pantalla" onClick={open}>
          <IconSearch size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={close}
        title="Ir a pantalla"
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
        yOffset="10dvh"
        centered={false}
      >
        <TextInput
          label="Nombre de la pantalla"
          placeholder="Escribí el nombre de una pantalla"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          data-autofocus
          rightSection={<Kbd size="xs">↵</Kbd>}
        />
        <Stack component="ul" gap={2} mt="sm" p={0} aria-label="Pantallas" style={{ listStyle: 'none' }}>
          {results.length === 0 && (
            <Text size="sm" c="dimmed" py="sm" ta="center">
              No hay pantallas con ese nombre.
            </Text>
          )}
          {results.map((screen, index) => (
            <li key={`${screen.group ?? ''}${screen.path}${screen.label}`}>
              <NavLink
                href={screen.path}
                label={screen.label}
                description={screen.group}
                active={index === active}
                variant="light"
                onClick={(e) => {
                  e.preventDefault();
                  go(screen.path);
                }}
                onMouseEnter={() => setActive(index)}
              />
            </li>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
