import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import {
  IMAGE_MAX_BYTES,
  imageProblems,
  MEDIA_MSG,
  POST_CONTENT_MAX,
  POST_IMAGES_MAX,
  ZPostInput,
} from '@panel/shared';
import { useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { withDateFields } from '../../../components/date-time-field/with-date-fields';
import { BranchField } from '../../../components/form-dialog/branch-field';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormTextarea } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { ImagePicker } from '../../../components/image-picker';
import { ScheduleField } from '../../../components/schedule-field/schedule-field';
import { withSchedule } from '../../../components/schedule-field/with-schedule';
import { UploadStatus, useUploadStatus } from '../../../components/upload-status';
import { ApiError } from '../../../lib/api-client';
import { useCreatePost } from '../api/create-post';

type PostFormOutput = z.output<typeof ZPostInput>;
type PostFormValues = {
  content: string;
  branch_id: number | null;
  schedule: boolean;
  publish_at: string | null;
};

const EMPTY: PostFormValues = { content: '', branch_id: null, schedule: false, publish_at: null };
const resolver = withDateFields(
  withSchedule(zodResolver(ZPostInput) as unknown as Resolver<PostFormValues, unknown, PostFormOutput>),
  ['publish_at'],
);

/**
 * Adds newly chosen images to the ones already chosen, within the spec's limits (§5): files
 * over 10 MB are left out, and no more than 5 in total. Returns the message to show, if any.
 */
export function addImages(current: File[], chosen: File[]): { files: File[]; problem: string | null } {
  const fitting = chosen.filter((f) => f.size <= IMAGE_MAX_BYTES);
  let problem: string | null = fitting.length < chosen.length ? MEDIA_MSG.imagesTooLarge : null;
  const room = POST_IMAGES_MAX - current.length;
  if (fitting.length > room) problem = MEDIA_MSG.tooManyImages;
  return { files: [...current, ...fitting.slice(0, Math.max(0, room))], problem };
}

interface PostCreateDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** "Nueva publicación" (docs/product.md#posts, #the-panels-screens, #validation-messages, #messages). */
export function PostCreateDialog({ opened, onClose }: PostCreateDialogProps) {
  const createPost = useCreatePost();
  const [images, setImages] = useState<File[]>([]);
  const [imagesTouched, setImagesTouched] = useState(false);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const upload = useUploadStatus();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    mode: 'onTouched',
    values: () => EMPTY,
    onReset: () => {
      setImages([]);
      setImagesTouched(false);
      setImageProblem(null);
      upload.reset();
    },
    // The images live beside the form: checked last, with their own message.
    check: () => {
      const problem = imageProblems(images);
      if (!problem) return true;
      setImagesTouched(true);
      setImageProblem(problem);
      return false;
    },
    submit: (values) =>
      upload.send((onProgress) =>
        createPost.mutateAsync({
          content: values.content,
          branchId: values.branch_id,
          publishAt: values.publish_at ?? null,
          images,
          onProgress,
        }),
      ),
    success: MEDIA_MSG.postCreated,
    failure: MEDIA_MSG.postSaveError,
    onError: (error) => {
      const image = error instanceof ApiError ? error.errors?.images?.[0] : undefined;
      if (image) setImageProblem(image);
      upload.fail(error);
    },
  });
  const { control } = dialog.form;
  const content = useWatch({ control, name: 'content' }) ?? '';
  const scheduled = useWatch({ control, name: 'schedule' });

  const { busy } = dialog;
  const dirty = content.trim() !== '' || images.length > 0;
  const canPublish = content.trim() !== '' && images.length > 0 && !busy;

  const requestClose = () => {
    if (busy) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  const onAdd = (chosen: File[]) => {
    if (chosen.length === 0) return;
    const { files, problem } = addImages(images, chosen);
    setImages(files);
    setImagesTouched(true);
    setImageProblem(problem);
  };

  const onRemove = (index: number) => {
    setImages((current) => current.filter((_, i) => i !== index));
    setImagesTouched(true);
    setImageProblem(null);
  };

  const imagesError =
    imageProblem ?? (imagesTouched && images.length === 0 ? MEDIA_MSG.imagesRequired : null);

  return (
    <>
      <FormDialog
        {...dialog}
        title="Nueva publicación"
        size="lg"
        gap="md"
        onCancel={requestClose}
        submitLabel={scheduled ? 'Programar' : 'Publicar'}
        busyLabel={scheduled ? 'Programando...' : 'Publicando...'}
        submitDisabled={!canPublish}
      >
        <div>
          <FormTextarea
            name="content"
            label="Contenido"
            placeholder="¿Qué querés contarle al equipo?"
            withAsterisk
            data-autofocus
            minRows={4}
            maxRows={10}
            maxLength={POST_CONTENT_MAX}
            disabled={busy}
          />
          <Text
            size="xs"
            c={content.length >= POST_CONTENT_MAX ? 'red.8' : 'dimmed'}
            ta="right"
            mt={4}
            aria-live="polite"
          >
            {content.length}/{POST_CONTENT_MAX}
          </Text>
        </div>
        <ImagePicker
          label="Imágenes"
          hint={`JPG, PNG o GIF. Hasta ${POST_IMAGES_MAX} imágenes de 10MB cada una.`}
          buttonLabel="Agregar imágenes"
          files={images}
          onAdd={onAdd}
          onRemove={onRemove}
          multiple
          required
          disabled={busy}
          error={imagesError}
        />
        <BranchField
          label="Sucursal (opcional)"
          disabled={busy}
          comboboxProps={{ withinPortal: true, position: 'bottom-start' }}
        />
        <ScheduleField disabled={busy} />
        <UploadStatus status={upload} what="imágenes" id="post-upload-progress" />
      </FormDialog>
      <ConfirmDialog
        opened={confirmDiscard}
        title="Descartar publicación"
        message="Tenés cambios sin guardar. ¿Querés cerrar y descartar la publicación?"
        confirmLabel="Descartar"
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
        onClose={() => setConfirmDiscard(false)}
      />
    </>
  );
}
