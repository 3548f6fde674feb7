import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { type TPost, type TPublication, ZPublication } from '@panel/shared';
import type { Resolver } from 'react-hook-form';
import { withDateFields } from '../../../components/date-time-field/with-date-fields';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { ScheduleField } from '../../../components/schedule-field/schedule-field';
import { type ScheduleValues, withSchedule } from '../../../components/schedule-field/with-schedule';
import { useUpdatePostPublication } from '../api/update-post-publication';

const resolver = withDateFields(
  withSchedule(
    zodResolver(ZPublication) as unknown as Resolver<ScheduleValues, unknown, TPublication>,
  ),
  ['publish_at'],
);

const initialValues = (post: TPost | null): ScheduleValues => ({
  schedule: true,
  publish_at: post?.publish_at ?? null,
});

interface Props {
  opened: boolean;
  post: TPost | null;
  onClose: () => void;
}

/**
 * "Programación" of a scheduled post (docs/product.md#scheduled-publishing): another time, or, with
 * "Programar" unticked, published on saving. A post has no other edit.
 */
export function PostScheduleDialog({ opened, post, onClose }: Props) {
  const update = useUpdatePostPublication();
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    record: post,
    audit: 'posts',
    values: initialValues,
    submit: (values) => update.mutateAsync({ id: post!.id, values }),
    success: 'Programación actualizada correctamente',
    failure: 'Error al guardar la programación',
  });
  return (
    <FormDialog {...dialog} title="Programación de la publicación" busyLabel="Guardando...">
      {post && (
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {post.content}
        </Text>
      )}
      <ScheduleField />
    </FormDialog>
  );
}
