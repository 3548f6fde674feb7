import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { roleLabel, type TAuditAction, type TAuditChange, type TAuditEntry } from '@panel/shared';
import { Fragment } from 'react';
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
  // With a deleted record: what was removed or emptied with it. With a created or changed one: the
  // rows that belong to it written in the same action, each with its values below (issue 28, item 17).
  const removedWith = entry.action === 'delete';
  const together = removedWith
    ? [
        { title: 'Eliminado con el registro', text: cascadeSummary(entry.cascade, 'delete') },
        { title: 'Quedaron sin el registro', text: cascadeSummary(entry.cascade, 'update') },
      ]
    : [
        { title: 'Creado con el registro', text: cascadeSummary(entry.cascade, 'create') },
        { title: 'Modificado con el registro', text: cascadeSummary(entry.cascade, 'update') },
        { title: 'Eliminado con el registro', text: cascadeSummary(entry.cascade, 'delete') },
      ];
  const children = (entry.cascade ?? []).flatMap((group) =>
    (group.rows ?? []).map((row) => ({
      key: `${group.entity}:${group.action}:${row.id}`,
      title: `${recordLabel(group.entity, row.id)} · ${ACTION_LABELS[group.action]}`,
      action: group.action,
      changes: row.changes,
    })),
  );
  return (
    <Stack gap="md">
      <dl className={classes.facts}>
        <dt>Fecha</dt>
        <dd>{formatDateTime(entry.at, 'DD/MM/YYYY HH:mm:ss')}</dd>
        <dt>Autor</dt>
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
        {together
          .filter((t) => t.text)
          .map((t) => (
            <Fragment key={t.title}>
              <dt>{t.title}</dt>
              <dd>{t.text}</dd>
            </Fragment>
          ))}
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
      <ChangesTable label="Campos cambiados" action={entry.action} changes={entry.changes} />
      {children.map((child) => (
        <Stack key={child.key} gap={4}>
          <Text fw={600} size="sm">
            {child.title}
          </Text>
          <ChangesTable label={child.title} action={child.action} changes={child.changes} />
        </Stack>
      ))}
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

/** Each changed field before and after; a creation has no before, a removal no after. */
function ChangesTable({
  label,
  action,
  changes,
}: {
  label: string;
  action: TAuditAction;
  changes: Record<string, TAuditChange>;
}) {
  const dash = (
    <Text span c="dimmed">
      —
    </Text>
  );
  return (
    <Table className={classes.changes} withTableBorder verticalSpacing={6} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Campo</Table.Th>
          <Table.Th scope="col">Antes</Table.Th>
          <Table.Th scope="col">Después</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orderedFields(changes).map((field) => {
          const change = changes[field]!;
          return (
            <Table.Tr key={field}>
              <Table.Th scope="row">{fieldLabel(field)}</Table.Th>
              <Table.Td>{action === 'create' ? dash : formatAuditValue(field, change.before)}</Table.Td>
              <Table.Td>{action === 'delete' ? dash : formatAuditValue(field, change.after)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export function actorText(
  entry: Pick<TAuditEntry, 'actor_name' | 'actor_email'> & Partial<Pick<TAuditEntry, 'actor_role'>>,
): string {
  if (!entry.actor_email && !entry.actor_name) return 'Sistema';
  const who =
    entry.actor_name && entry.actor_email
      ? `${entry.actor_name} (${entry.actor_email})`
      : (entry.actor_name ?? entry.actor_email ?? '');
  // The role the person acted with, when the API names it: an administrator or a branch manager.
  return entry.actor_role ? `${who} · ${roleLabel(entry.actor_role)}` : who;
}
