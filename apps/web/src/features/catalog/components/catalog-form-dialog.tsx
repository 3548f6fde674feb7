import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { ZBrandInput, ZSupplierInput } from '@panel/shared';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { type CatalogItem, type CatalogKind, descriptionKey, descriptionOf } from '../api/catalog-resource';
import { useSaveCatalogItem } from '../api/save-catalog-item';
import { CATALOG_TEXTS } from './catalog-texts';

/** The form's values, named as the API names them (business_name or name). */
type CatalogFormValues = { code: string; business_name?: string; name?: string };

interface CatalogFormDialogProps {
  kind: CatalogKind;
  opened: boolean;
  /** The record to edit; null creates a new one. */
  item: CatalogItem | null;
  onClose: () => void;
}

/** Create and edit of a supplier or brand (spec §2.14, §5, §8), validated with the API's own schema. */
export function CatalogFormDialog({ kind, opened, item, onClose }: CatalogFormDialogProps) {
  const texts = CATALOG_TEXTS[kind];
  const descKey = descriptionKey(kind);
  const save = useSaveCatalogItem(kind);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CatalogFormValues>({
    // Both schemas share the code rule; the description field is the one this kind sends.
    resolver: zodResolver(
      kind === 'suppliers' ? ZSupplierInput : ZBrandInput,
    ) as unknown as Resolver<CatalogFormValues>,
  });

  useEffect(() => {
    if (!opened) return;
    reset({ code: item?.code ?? '', [descKey]: item ? descriptionOf(item) : '' });
  }, [opened, item, descKey, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: item?.id ?? null,
        input: { code: values.code, description: values[descKey] ?? '' },
      });
      notify.success(item ? 'Actualizado correctamente' : 'Creado correctamente');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['code', descKey] as const) {
          const message = error.errors?.[field]?.[0];
          if (message) setError(field, { type: 'server', message });
        }
        if (error.status === 409) setError('code', { type: 'server', message: error.message });
      }
      notify.apiError(error, 'Error al guardar');
    }
  });

  const descriptionError = descKey === 'business_name' ? errors.business_name : errors.name;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? texts.editTitle : texts.createTitle}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Código"
            description="Ej.: BR001 / SUP001"
            withAsterisk
            data-autofocus
            styles={{ input: { textTransform: 'uppercase' } }}
            error={errors.code?.message}
            {...register('code', { setValueAs: (v: string) => v.toUpperCase() })}
          />
          <TextInput
            label={texts.descriptionLabel}
            withAsterisk
            error={descriptionError?.message}
            {...register(descKey)}
          />
          <Group justify="flex-end" mt="md" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
