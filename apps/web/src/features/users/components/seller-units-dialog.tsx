import { Anchor, Button, SimpleGrid, Text } from '@mantine/core';
import { parseTargetUnits } from '@panel/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { CatalogSelect } from '../../../components/selects/catalog-select';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useBulkUpsertUnits } from '../api/bulk-upsert-units';
import { useUnits } from '../api/get-units';
import {
  MonthGrid,
  NO_MONTHS,
  readMonths,
  useMonthValues,
  useOnOpen,
  useYearInput,
  YearInput,
} from './month-targets';
import type { SellerRef } from './seller-activity-dialog';
import { formatTargetValue } from './target-year';

interface SellerUnitsDialogProps {
  opened: boolean;
  seller: SellerRef | null;
  onClose: () => void;
}

/** "Unidades pretendidas · <name>" (docs/product.md#sellers, #the-panels-screens, #validation-messages, #messages): the units of one supplier and brand pair. */
export function SellerUnitsDialog({ opened, seller, onClose }: SellerUnitsDialogProps) {
  const [supplierId, setSupplierId] = useState<number | null>(null);
  const [brandId, setBrandId] = useState<number | null>(null);
  const year = useYearInput(opened);
  // One toast for a failed catalogue load, whichever selector saw it first.
  const catalogErrorShown = useRef(false);
  // Every opening starts with nothing chosen.
  useOnOpen(opened, () => {
    setSupplierId(null);
    setBrandId(null);
    catalogErrorShown.current = false;
  });
  const ready = supplierId !== null && brandId !== null;
  const units = useUnits(
    opened && seller && ready ? { userId: seller.id, supplierId, brandId, year: year.year } : null,
  );
  const months = useMonthValues(opened, units.data?.data, (u) => formatTargetValue(u.units));
  const save = useBulkUpsertUnits();

  useEffect(() => {
    if (units.isError) notify.apiError(units.error, 'Error al cargar unidades');
  }, [units.isError, units.error]);

  const onCatalogError = useCallback((error: unknown) => {
    if (catalogErrorShown.current) return;
    catalogErrorShown.current = true;
    notify.apiError(error, 'Error al cargar proveedores/marcas');
  }, []);

  const submit = async () => {
    if (!seller || supplierId === null || brandId === null) return;
    const parsed = readMonths(months.values, parseTargetUnits);
    if (!parsed) return;
    try {
      await save.mutateAsync({
        user_id: seller.id,
        supplier_id: supplierId,
        brand_id: brandId,
        year: year.year,
        // docs/product.md#the-panels-screens: an empty month is sent as units null.
        items: parsed.map((units, i) => ({ month: i + 1, units })),
      });
      notify.success('Unidades guardadas');
    } catch (error) {
      notify.error(errorMessage(error, 'Error al guardar unidades'));
    }
  };

  const loading = ready && units.isFetching && !units.data;

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      title={`Unidades pretendidas · ${seller?.name ?? ''}`}
      size="xl"
      gap="md"
      submitLabel="Guardar unidades"
      submitDisabled={!ready || loading || units.isError}
      footerStart={
        <Button
          variant="subtle"
          color="gray"
          onClick={() => months.setValues(NO_MONTHS)}
          disabled={!ready || save.isPending}
        >
          Limpiar todos
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <CatalogSelect
          kind="suppliers"
          label="Proveedor"
          placeholder="Elegí un proveedor"
          value={supplierId}
          onChange={setSupplierId}
          onLoadError={onCatalogError}
        />
        <CatalogSelect
          kind="brands"
          label="Marca"
          placeholder="Elegí una marca"
          value={brandId}
          onChange={setBrandId}
          onLoadError={onCatalogError}
        />
        <YearInput state={year} />
      </SimpleGrid>
      {ready ? (
        <MonthGrid
          months={months}
          inputMode="numeric"
          loading={loading}
          disabled={loading || save.isPending}
          failed={
            units.isError
              ? {
                  error: units.error,
                  fallback: 'Error al cargar unidades',
                  retry: units.refetch,
                  retrying: units.isFetching,
                }
              : null
          }
          below={(month, i) => (
            <Anchor
              component="button"
              type="button"
              size="xs"
              ta="left"
              disabled={loading || save.isPending}
              aria-label={`Copiar ${month} a todos`}
              onClick={() => months.setValues(Array<string>(12).fill(months.values[i] ?? ''))}
            >
              Copiar a todos
            </Anchor>
          )}
        />
      ) : (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          Seleccioná Proveedor y Marca para cargar las unidades del {year.year}
        </Text>
      )}
    </FormDialog>
  );
}
