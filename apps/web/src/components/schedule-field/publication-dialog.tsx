import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { type TPublication, ZPublication } from '@panel/shared';
import type { Resolver } from 'react-hook-form';
import { withDateFields } from '../date-time-field/with-date-fields';
import { FormDialog } from '../form-dialog/form-dialog';
import { useFormDialog } from '../form-dialog/use-form-dialog';
import { ScheduleField } from './schedule-field';
import { type PublicationResource, useUpdatePublication } from './update-publication';
import { type ScheduleValues, withSchedule } from './with-schedule';

const resolver = withDateFields(
  withSchedule(zodResolver(ZPublication) as unknown as Resolver<ScheduleValues, unknown, TPublication>),
  ['publish_at'],
);

const initialValues = (record: { publish_at: string | null } | null): ScheduleValues => ({
  schedule: true,
  publish_at: record?.publish_at ?? null,
});

interface Props<T extends { id: number; publish_at: string | null }> {
  opened: boolean;
  resource: PublicationResource;
  record: T | null;
  /** "Programación de la publicación", "Programación de la historia". */
  title: string;
  /** What the record is: a post's text, a story's title. */
  summary: (record: T) => string;
  onClose: () => void;
}

/**
 * "Programación" of a scheduled post or story (docs/product.md#scheduled-publishing): another time,
 * or, with "Programar" unticked, published on saving. Neither has another edit.
 */
export function PublicationDialog<T extends { id: number; publish_at: string | null }>({
  opened,
  resource,
  record,
  title,
  summary,
  onClose,
}: Props<T>) {
  const update = useUpdatePublication(resource);
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    record,
    audit: resource,
    values: initialValues,
    submit: (values) => update.mutateAsync({ id: record!.id, values }),
    success: 'Programación actualizada correctamente',
    failure: 'Error al guardar la programación',
  });
  return (
    <FormDialog {...dialog} title={title} busyLabel="Guardando...">
      {record && (
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {summary(record)}
        </Text>
      )}
      <ScheduleField />
    </FormDialog>
  );
}
