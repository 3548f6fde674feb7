import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SESSION_MSG, SESSIONS_LIST_MAX, type TSession, type TSessionList } from '@panel/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/dates/business-time';
import { relativeTime } from '../lib/dates/relative-time';
import { LoadErrorAlert } from './load-error-alert';

interface SessionListProps {
  sessions: TSession[];
  /** "Cerrar" on each row; without it the list only shows them (an administrator's "Cerrar todas" is elsewhere). */
  onEnd?: (session: TSession) => void;
  /** The session being ended: its button is disabled meanwhile. */
  endingId?: number | null;
}

const place = (s: TSession) => s.ip ?? 'Dirección desconocida';

/** "Recién" within the first minute (a session in use reads so), else "Hace 5 minutos", "Hace 2 horas"… */
const lastUse = (s: TSession) =>
  Date.now() - Date.parse(s.last_seen_at) < 60_000 ? 'Recién' : relativeTime(s.last_seen_at);

function CurrentBadge() {
  return (
    <Badge size="sm" variant="light">
      {SESSION_MSG.current}
    </Badge>
  );
}

function EndButton({
  session,
  onEnd,
  busy,
}: {
  session: TSession;
  onEnd: (s: TSession) => void;
  busy: boolean;
}) {
  return (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      onClick={() => onEnd(session)}
      disabled={busy}
      style={{ flexShrink: 0 }}
      aria-label={`Cerrar la sesión de ${session.device}${session.current ? ' (esta sesión)' : ''}`}
    >
      Cerrar
    </Button>
  );
}

/**
 * Open sessions (docs/product.md#open-sessions): a table at wide widths, cards on a phone, like the
 * other lists. Device in words, the address, when it began and its last use, "esta sesión".
 */
export function SessionList({ sessions, onEnd, endingId = null }: SessionListProps) {
  const narrow = useMediaQuery('(max-width: 47.99em)');
  if (narrow) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={SESSION_MSG.title}>
        {sessions.map((s) => (
          <Paper component="li" key={s.id} withBorder radius="md" p="sm" data-session={s.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} size="sm">
                    {s.device}
                  </Text>
                  {s.current && <CurrentBadge />}
                </Group>
                <Text size="xs" c="dimmed">
                  {place(s)} · Último uso: {lastUse(s)}
                </Text>
                <Text size="xs" c="dimmed">
                  Inicio {formatDateTime(s.created_at)}
                </Text>
              </div>
              {onEnd && <EndButton session={s} onEnd={onEnd} busy={endingId === s.id} />}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="xs" highlightOnHover aria-label={SESSION_MSG.title}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Dispositivo</Table.Th>
          <Table.Th>Dirección</Table.Th>
          <Table.Th w={150}>Inicio</Table.Th>
          <Table.Th w={150}>Último uso</Table.Th>
          {onEnd && (
            <Table.Th w={90}>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.map((s) => (
          <Table.Tr key={s.id} data-session={s.id}>
            <Table.Td>
              <Group gap={6} wrap="wrap">
                <Text size="sm">{s.device}</Text>
                {s.current && <CurrentBadge />}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {place(s)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(s.created_at)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" title={formatDateTime(s.last_seen_at)}>
                {lastUse(s)}
              </Text>
            </Table.Td>
            {onEnd && (
              <Table.Td>
                <EndButton session={s} onEnd={onEnd} busy={endingId === s.id} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface SessionsViewProps extends Omit<SessionListProps, 'sessions'> {
  query: UseQueryResult<TSessionList>;
  /** Above the list (Mi cuenta's advice). */
  intro?: ReactNode;
  /** Below the list (the dialog's "Cerrar todas las sesiones"). */
  footer?: ReactNode;
}

/**
 * A sessions answer in its four states (error, loading, none, the list with its cap), shared by Mi cuenta
 * and Vendedores' Sesiones dialog.
 */
export function SessionsView({ query, intro, footer, onEnd, endingId }: SessionsViewProps) {
  if (query.isError) return <LoadErrorAlert title={SESSION_MSG.loadError} query={query} />;
  if (query.isPending) {
    return (
      <Center py="lg">
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Cargando sesiones...
          </Text>
        </Group>
      </Center>
    );
  }
  const { data: sessions, meta } = query.data;
  if (sessions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {SESSION_MSG.empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {intro}
      <SessionList sessions={sessions} onEnd={onEnd} endingId={endingId} />
      {meta.total > sessions.length && (
        <Text size="xs" c="dimmed">
          Se muestran las {SESSIONS_LIST_MAX} de uso más reciente de {meta.total} sesiones abiertas.
        </Text>
      )}
      {footer}
    </Stack>
  );
}
