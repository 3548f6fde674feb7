import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, SimpleGrid } from '@mantine/core';
import {
  IMAGE_MAX_BYTES,
  MEDIA_MSG,
  STORY_LIFETIME_HOURS,
  type ZStoryInput,
  zStoryInputAt,
} from '@panel/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FieldErrors, type Resolver, type ResolverResult, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DateTimeField } from '../../../components/date-time-field/date-time-field';
import { withDateFields } from '../../../components/date-time-field/with-date-fields';
import { BranchField } from '../../../components/form-dialog/branch-field';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { ImagePicker } from '../../../components/image-picker';
import { ScheduleField } from '../../../components/schedule-field/schedule-field';
import { withSchedule } from '../../../components/schedule-field/with-schedule';
import { UploadStatus, useUploadStatus } from '../../../components/upload-status';
import { useCreateStory } from '../api/create-story';

/** What the inputs hold: the dates as instants (DateTimeField, business time zone), the chosen image. */
interface StoryFormValues {
  title: string;
  image: File | null;
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
  branch_id: number | null;
  /** "Programar" (docs/product.md#scheduled-publishing). */
  schedule: boolean;
  publish_at: string | null;
}
type StoryFormOutput = z.output<typeof ZStoryInput> & { image: File };

const EMPTY: StoryFormValues = {
  title: '',
  image: null,
  starts_at: null,
  ends_at: null,
  active: true,
  branch_id: null,
  schedule: false,
  publish_at: null,
};

type FieldsResolver = Resolver<
  Omit<StoryFormValues, 'image' | 'schedule'>,
  unknown,
  z.output<typeof ZStoryInput>
>;

/**
 * The API's schema, given 0 for every branch, with the window checked against this moment (an end
 * already past is refused here as on the server); and an image, which it does not see.
 */
async function storyResolver(
  values: StoryFormValues,
  context: unknown,
  options: Parameters<Resolver<StoryFormValues>>[2],
): Promise<ResolverResult<StoryFormValues, StoryFormOutput>> {
  const { image, ...fields } = values;
  const zod = zodResolver(zStoryInputAt(new Date())) as unknown as FieldsResolver;
  const result = await zod(
    {
      ...fields,
      branch_id: fields.branch_id ?? 0,
    } as Omit<StoryFormValues, 'image' | 'schedule'>,
    context,
    options as never,
  );
  const errors: FieldErrors<StoryFormValues> = { ...result.errors };
  if (!image) errors.image = { type: 'required', message: MEDIA_MSG.storyImageRequired };
  if (!image || Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...(result.values as z.output<typeof ZStoryInput>), image }, errors: {} };
}

const resolver = withDateFields(
  withSchedule(storyResolver as Resolver<StoryFormValues, unknown, StoryFormOutput>),
  ['starts_at', 'ends_at', 'publish_at'],
);

interface StoryCreateDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The new-story dialog (docs/product.md#stories, #validation-messages; docs/product.md#stories-lifetime). */
export function StoryCreateDialog({ opened, onClose }: StoryCreateDialogProps) {
  const createStory = useCreateStory();
  const upload = useUploadStatus();
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    values: () => EMPTY,
    onReset: upload.reset,
    // A message stays until the next try (the image's goes when another is chosen).
    reValidateMode: 'onSubmit',
    submit: (values) =>
      upload.send((onProgress) =>
        createStory.mutateAsync({
          title: values.title,
          active: values.active,
          branchId: values.branch_id,
          startsAt: values.starts_at,
          endsAt: values.ends_at,
          publishAt: values.publish_at ?? null,
          image: values.image,
          onProgress,
        }),
      ),
    success: MEDIA_MSG.storyCreated,
    // docs/product.md#messages: stories reuse "Error al guardar post", plus the error in the dialog.
    failure: MEDIA_MSG.postSaveError,
    onError: upload.fail,
  });
  const { busy } = dialog;
  const {
    register,
    control,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = dialog.form;
  const image = useWatch({ control, name: 'image' });
  const scheduled = useWatch({ control, name: 'schedule' });

  const onPick = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setError('image', { type: 'validate', message: MEDIA_MSG.storyImageTooLarge });
      return;
    }
    setValue('image', file);
    clearErrors('image');
  };

  return (
    <FormDialog
      {...dialog}
      title="Nueva historia"
      size="lg"
      gap="md"
      submitLabel={scheduled ? 'Programar' : undefined}
      busyLabel={scheduled ? 'Programando...' : 'Guardando...'}
    >
      <FormInput name="title" label="Título" withAsterisk data-autofocus maxLength={120} disabled={busy} />
      <ImagePicker
        label="Imagen"
        hint="Solo imágenes (JPG, PNG, GIF, WebP o AVIF), hasta 10MB."
        buttonLabel={image ? 'Cambiar imagen' : 'Elegir imagen'}
        files={image ? [image] : []}
        onAdd={onPick}
        onRemove={() => setValue('image', null)}
        required
        disabled={busy}
        error={errors.image?.message}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormField
          name="starts_at"
          component={DateTimeField}
          label="Inicio (opcional)"
          emptyText={scheduled ? 'Desde que se publica' : 'Desde que se guarda'}
          disabled={busy}
        />
        <FormField
          name="ends_at"
          component={DateTimeField}
          label="Fin (opcional)"
          emptyText="24 horas después del inicio"
          disabled={busy}
        />
      </SimpleGrid>
      <BranchField disabled={busy} />
      <Checkbox label="Activa" disabled={busy} {...register('active')} />
      <ScheduleField disabled={busy} />
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        Las historias expiran automáticamente {STORY_LIFETIME_HOURS} horas después de su inicio (o de
        publicadas, si no indicás un inicio), salvo que indiques una fecha de fin.
      </Alert>
      <UploadStatus status={upload} what="imagen" id="story-upload-progress" />
    </FormDialog>
  );
}
