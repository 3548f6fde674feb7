import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IMAGE_MAX_BYTES, MEDIA_MSG, STORY_LIFETIME_HOURS, ZStoryInput } from '@panel/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BranchSelect } from '../../../components/branch-select';
import { ImagePicker } from '../../../components/image-picker';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { BUSINESS_TZ, dayjs } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useCreateStory } from '../api/create-story';

type Field = 'title' | 'image' | 'starts_at' | 'ends_at' | 'branch_id';

/** A `datetime-local` value ("2026-06-10T15:00") read in the business time zone, as an ISO instant. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = dayjs.tz(value, BUSINESS_TZ);
  return d.isValid() ? d.toISOString() : null;
}

interface StoryCreateDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The new-story dialog (spec §2.8, §5; DECISIONS §4). */
export function StoryCreateDialog({ opened, onClose }: StoryCreateDialogProps) {
  const createStory = useCreateStory();
  const [title, setTitle] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [active, setActive] = useState(true);
  const [branchId, setBranchId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = createStory.isPending;

  useEffect(() => {
    if (!opened) return;
    setTitle('');
    setImage(null);
    setStartsAt('');
    setEndsAt('');
    setActive(true);
    setBranchId(null);
    setErrors({});
    setProgress(null);
    setFailure(null);
  }, [opened]);

  const onPick = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setErrors((e) => ({ ...e, image: MEDIA_MSG.storyImageTooLarge }));
      return;
    }
    setImage(file);
    setErrors((e) => ({ ...e, image: undefined }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const fields = {
      title,
      active,
      branch_id: branchId ?? 0,
      starts_at: localToIso(startsAt),
      ends_at: localToIso(endsAt),
    };
    const parsed = ZStoryInput.safeParse(fields);
    const next: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= issue.message;
      }
    }
    if (!image) next.image = MEDIA_MSG.storyImageRequired;
    setErrors(next);
    if (!parsed.success || !image) return;

    setFailure(null);
    setProgress(0);
    try {
      await createStory.mutateAsync({
        title: parsed.data.title,
        active: parsed.data.active,
        branchId,
        startsAt: parsed.data.starts_at,
        endsAt: parsed.data.ends_at,
        image,
        onProgress: (p) => setProgress(p.percent),
      });
      notify.success(MEDIA_MSG.storyCreated);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const key of ['title', 'image', 'starts_at', 'ends_at', 'branch_id'] as const) {
          const message = error.errors[key]?.[0];
          if (message) fromServer[key] = message;
        }
        setErrors(fromServer);
      }
      // Spec §8: stories reuse "Error al guardar post", plus the error in the dialog.
      notify.apiError(error, MEDIA_MSG.postSaveError);
      setFailure(`Error: ${errorMessage(error, MEDIA_MSG.unknownError)}`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title="Nueva historia"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar', disabled: busy }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Título"
            withAsterisk
            data-autofocus
            maxLength={120}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            disabled={busy}
          />
          <ImagePicker
            label="Imagen"
            hint="Solo imágenes (JPG, PNG, GIF, WebP o AVIF), hasta 10MB."
            buttonLabel={image ? 'Cambiar imagen' : 'Elegir imagen'}
            files={image ? [image] : []}
            onAdd={onPick}
            onRemove={() => setImage(null)}
            required
            disabled={busy}
            error={errors.image}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label="Inicio (opcional)"
              value={startsAt}
              onChange={(e) => setStartsAt(e.currentTarget.value)}
              error={errors.starts_at}
              disabled={busy}
            />
            <TextInput
              type="datetime-local"
              label="Fin (opcional)"
              value={endsAt}
              onChange={(e) => setEndsAt(e.currentTarget.value)}
              error={errors.ends_at}
              disabled={busy}
            />
          </SimpleGrid>
          <BranchSelect
            label="Sucursal"
            allLabel="Todas las sucursales"
            value={branchId}
            onChange={setBranchId}
            error={errors.branch_id}
            disabled={busy}
          />
          <Checkbox
            label="Activa"
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
            disabled={busy}
          />
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            Las historias expiran automáticamente {STORY_LIFETIME_HOURS} horas después de creadas, salvo que
            indiques una fecha de fin.
          </Alert>
          {progress !== null && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed" id="story-upload-progress">
                {progress < 100 ? `Subiendo imagen… ${progress}%` : 'Procesando imagen…'}
              </Text>
              <Progress value={progress} aria-labelledby="story-upload-progress" animated={progress >= 100} />
            </Stack>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" title={MEDIA_MSG.postSaveError}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Guardando...' : 'Guardar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
