import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { TAuditEntry } from '@panel/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates/business-time';
import classes from './audit.module.css';
import {
  ACTION_COLORS,
  ACTION_LABELS,
  cascadeSummary,
  entryLabel,
  fieldLabel,
  formatAuditValue,
  orderedFields,
  recordLabel,
} from './audit-labels';

interface AuditEntryDialogProps {
  entry: TAuditEntry | null;
  opened: boolean;
  onClose: () => void;
  /** The list already shows only this record's entries: no link to them. */
  recordShown: boolean;
}

/** One entry of the trail: who, when, from where, and each changed field before and after. */
export function AuditEntryDialog({ entry, opened, onClose, recordShown }: AuditEntryDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={entry ? `Cambios en ${entryLabel(entry)}` : 'Cambios'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {entry && <EntryDetails entry={entry} onClose={onClose} recordShown={recordShown} />}
    </Modal>
  );
}

function EntryDetails({
  entry,
  onClose,
  recordShown,
}: {
  entry: TAuditEntry;
  onClose: () => void;
  recordShown: boolean;
}) {
  const fields = orderedFields(entry.changes);
  const removed = cascadeSummary(entry.cascade, 'delete');
  const emptied = cascadeSummary(entry.cascade, 'update');
  const dash = (
    <Text span c="dimmed">
      —
    </Text>
  );
  return (
    <Stack gap="md">
      <dl className={classes.facts}>
        <dt>Fecha</dt>
        <dd>{formatDateTime(entry.at, 'DD/MM/YYYY HH:mm:ss')}</dd>
        <dt>Administrador</dt>
        <dd>{actorText(entry)}</dd>
        {entry.entity_id !== null && (
          <>
            <dt>Registro</dt>
            <dd>{recordLabel(entry.entity, entry.entity_id)}</dd>
          </>
        )}
        <dt>Operación</dt>
        <dd>
          <Badge color={ACTION_COLORS[entry.action]} variant="filled">
            {ACTION_LABELS[entry.action]}
          </Badge>
        </dd>
        {removed && (
          <>
            <dt>Eliminado con el registro</dt>
            <dd>{removed}</dd>
          </>
        )}
        {emptied && (
          <>
            <dt>Quedaron sin el registro</dt>
            <dd>{emptied}</dd>
          </>
        )}
        {entry.ip && (
          <>
            <dt>Dirección IP</dt>
            <dd>{entry.ip}</dd>
          </>
        )}
        {entry.route && (
          <>
            <dt>Llamada</dt>
            <dd className={classes.code}>{entry.route}</dd>
          </>
        )}
      </dl>
      <Table className={classes.changes} withTableBorder verticalSpacing={6} aria-label="Campos cambiados">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Campo</Table.Th>
            <Table.Th scope="col">Antes</Table.Th>
            <Table.Th scope="col">Después</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const change = entry.changes[field]!;
            return (
              <Table.Tr key={field}>
                <Table.Th scope="row">{fieldLabel(field)}</Table.Th>
                <Table.Td>
                  {entry.action === 'create' ? dash : formatAuditValue(field, change.before)}
                </Table.Td>
                <Table.Td>
                  {entry.action === 'delete' ? dash : formatAuditValue(field, change.after)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify={recordShown || entry.entity_id === null ? 'flex-end' : 'space-between'} gap="sm">
        {!recordShown && entry.entity_id !== null && (
          <Anchor
            component={Link}
            to={`/audit?entity=${entry.entity}&entity_id=${entry.entity_id}`}
            onClick={onClose}
            size="sm"
          >
            Todos los cambios de {entryLabel(entry)}
          </Anchor>
        )}
        <Button variant="default" onClick={onClose}>
          Cerrar
        </Button>
      </Group>
    </Stack>
  );
}

export function actorText(entry: Pick<TAuditEntry, 'actor_name' | 'actor_email'>): string {
  if (!entry.actor_email && !entry.actor_name) return 'Sistema';
  if (entry.actor_name && entry.actor_email) return `${entry.actor_name} (${entry.actor_email})`;
  return entry.actor_name ?? entry.actor_email ?? '';
}
