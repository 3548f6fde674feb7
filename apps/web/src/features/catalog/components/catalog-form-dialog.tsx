import { zodResolver } from '@hookform/resolvers/zod';
import { ZBrandInput, ZSupplierInput } from '@panel/shared';
import type { Resolver } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { ApiError } from '../../../lib/api-client';
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

/** Create and edit of a supplier or brand (docs/product.md#suppliers-and-brands, #validation-messages, #messages), validated with the API's own schema. */
export function CatalogFormDialog({ kind, opened, item, onClose }: CatalogFormDialogProps) {
  const texts = CATALOG_TEXTS[kind];
  const descKey = descriptionKey(kind);
  const save = useSaveCatalogItem(kind);
  const dialog = useFormDialog({
    opened,
    onClose,
    // Both schemas share the code rule; the description field is the one this kind sends.
    resolver: zodResolver(
      kind === 'suppliers' ? ZSupplierInput : ZBrandInput,
    ) as unknown as Resolver<CatalogFormValues>,
    record: item,
    audit: kind,
    values: (current): CatalogFormValues => ({
      code: current?.code ?? '',
      [descKey]: current ? descriptionOf(current) : '',
    }),
    submit: (values) =>
      save.mutateAsync({
        id: item?.id ?? null,
        input: { code: values.code, description: values[descKey] ?? '' },
      }),
    success: item ? 'Actualizado correctamente' : 'Creado correctamente',
    failure: 'Error al guardar',
    // A code already taken (409) is the code's problem: its message goes under it too.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        dialog.form.setError('code', { type: 'server', message: error.message });
    },
  });

  return (
    <FormDialog {...dialog} title={item ? texts.editTitle : texts.createTitle}>
      <FormInput
        name="code"
        label="Código"
        description="Ej.: BR001 / SUP001"
        withAsterisk
        data-autofocus
        styles={{ input: { textTransform: 'uppercase' } }}
        rules={{ setValueAs: (v: string) => v.toUpperCase() }}
      />
      <FormInput name={descKey} label={texts.descriptionLabel} withAsterisk />
    </FormDialog>
  );
}
