import { Anchor, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { invalidValueMessage, MONTHS_ES, parseTargetUnits } from '@panel/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CatalogSelect } from '../../../components/selects/catalog-select';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useBulkUpsertUnits } from '../api/bulk-upsert-units';
import { useUnits } from '../api/get-units';
import classes from './month-grid.module.css';
import type { SellerRef } from './seller-activity-dialog';
import { currentYear, effectiveYear, formatTargetValue } from './target-year';

const EMPTY = Array<string>(12).fill('');

interface SellerUnitsDialogProps {
  opened: boolean;
  seller: SellerRef | null;
  onClose: () => void;
}

/** "Unidades pretendidas · <name>" (spec §2.5, §4, §5, §8). */
export function SellerUnitsDialog({ opened, seller, onClose }: SellerUnitsDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Unidades pretendidas · ${seller?.name ?? ''}`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {/* Mounted only while open: every opening starts with nothing chosen. */}
      {seller && <UnitsForm seller={seller} onClose={onClose} />}
    </Modal>
  );
}

function UnitsForm({ seller, onClose }: { seller: SellerRef; onClose: () => void }) {
  const [supplierId, setSupplierId] = useState<number | null>(null);
  const [brandId, setBrandId] = useState<number | null>(null);
  const [yearInput, setYearInput] = useState<string | number>(currentYear);
  const year = effectiveYear(yearInput);
  const ready = supplierId !== null && brandId !== null;
  const units = useUnits(ready ? { userId: seller.id, supplierId, brandId, year } : null);
  const save = useBulkUpsertUnits();
  const [values, setValues] = useState<string[]>(EMPTY);

  // Another pair or year: its own values, once they arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pair or year starts blank.
  useEffect(() => {
    setValues(EMPTY);
  }, [supplierId, brandId, year]);

  useEffect(() => {
    if (!units.data) return;
    const next = [...EMPTY];
    for (const u of units.data.data) next[u.month - 1] = formatTargetValue(u.units);
    setValues(next);
  }, [units.data]);

  useEffect(() => {
    if (units.isError) notify.apiError(units.error, 'Error al cargar unidades');
  }, [units.isError, units.error]);

  // One toast for a failed catalogue load, whichever selector saw it first.
  const catalogErrorShown = useRef(false);
  const onCatalogError = useCallback((error: unknown) => {
    if (catalogErrorShown.current) return;
    catalogErrorShown.current = true;
    notify.apiError(error, 'Error al cargar proveedores/marcas');
  }, []);

  const setMonth = (index: number, text: string) =>
    setValues((old) => old.map((v, j) => (j === index ? text : v)));

  const submit = async () => {
    if (supplierId === null || brandId === null) return;
    const parsed = values.map((text) => parseTargetUnits(text));
    const bad = parsed.findIndex((p) => !p.ok);
    if (bad >= 0) {
      notify.error(invalidValueMessage(bad + 1, values[bad]!.trim()));
      return;
    }
    try {
      await save.mutateAsync({
        user_id: seller.id,
        supplier_id: supplierId,
        brand_id: brandId,
        year,
        // Spec §4: an empty month is sent as units null.
        items: parsed.map((p, i) => ({ month: i + 1, units: p.ok ? p.value : null })),
      });
      notify.success('Unidades guardadas');
    } catch (error) {
      notify.error(errorMessage(error, 'Error al guardar unidades'));
    }
  };

  const loading = ready && units.isFetching && !units.data;

  return (
    <Stack gap="md">
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
        <NumberInput
          label="Año"
          value={yearInput}
          onChange={setYearInput}
          allowDecimal={false}
          allowNegative={false}
          min={2000}
          max={2100}
          onBlur={() => {
            if (yearInput === '') setYearInput(currentYear());
          }}
        />
      </SimpleGrid>

      {!ready ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          Seleccioná Proveedor y Marca para cargar las unidades del {year}
        </Text>
      ) : units.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(units.error, 'Error al cargar unidades')}
        </Text>
      ) : (
        <div className={classes.grid} aria-busy={loading || undefined}>
          {MONTHS_ES.map((month, i) => (
            <Stack key={month} gap={2}>
              <TextInput
                label={month}
                inputMode="numeric"
                disabled={loading || save.isPending}
                value={values[i]}
                onChange={(e) => setMonth(i, e.currentTarget.value)}
              />
              <Anchor
                component="button"
                type="button"
                size="xs"
                ta="left"
                disabled={loading || save.isPending}
                aria-label={`Copiar ${month} a todos`}
                onClick={() => setValues(Array<string>(12).fill(values[i] ?? ''))}
              >
                Copiar a todos
              </Anchor>
            </Stack>
          ))}
        </div>
      )}

      <Group justify="space-between" gap="sm">
        <Button
          variant="subtle"
          color="gray"
          onClick={() => setValues(EMPTY)}
          disabled={!ready || save.isPending}
        >
          Limpiar todos
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!ready || loading || units.isError} loading={save.isPending}>
            Guardar unidades
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
