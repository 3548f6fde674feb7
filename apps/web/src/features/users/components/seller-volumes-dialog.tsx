import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { invalidValueMessage, MONTHS_ES, parseTargetValue } from '@panel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { deleteVolume } from '../api/delete-volume';
import { useVolumes } from '../api/get-volumes';
import { upsertVolume } from '../api/upsert-volume';
import classes from './month-grid.module.css';
import type { SellerRef } from './seller-activity-dialog';
import { currentYear, effectiveYear, formatTargetValue } from './target-year';

const EMPTY = Array<string>(12).fill('');

interface SellerVolumesDialogProps {
  opened: boolean;
  seller: SellerRef | null;
  onClose: () => void;
}

/** "Volumenes mensuales ($) · <name>" (spec §2.5, §4, §5, §8). */
export function SellerVolumesDialog({ opened, seller, onClose }: SellerVolumesDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={saving ? () => {} : onClose}
      title={`Volumenes mensuales ($) · ${seller?.name ?? ''}`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {/* Mounted only while open: every opening starts from the stored values. */}
      {seller && <VolumesForm seller={seller} onClose={onClose} saving={saving} setSaving={setSaving} />}
    </Modal>
  );
}

interface VolumesFormProps {
  seller: SellerRef;
  onClose: () => void;
  saving: boolean;
  setSaving: (saving: boolean) => void;
}

function VolumesForm({ seller, onClose, saving, setSaving }: VolumesFormProps) {
  const queryClient = useQueryClient();
  const [yearInput, setYearInput] = useState<string | number>(currentYear);
  const year = effectiveYear(yearInput);
  const volumes = useVolumes(seller.id, year);
  const [values, setValues] = useState<string[]>(EMPTY);

  // Another year: its own values, once they arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new year starts blank.
  useEffect(() => {
    setValues(EMPTY);
  }, [year]);

  // The inputs show what is stored for the chosen year, once it arrives.
  useEffect(() => {
    if (!volumes.data) return;
    const next = [...EMPTY];
    for (const v of volumes.data.data) next[v.month - 1] = formatTargetValue(v.target_amount);
    setValues(next);
  }, [volumes.data]);

  useEffect(() => {
    if (volumes.isError) notify.apiError(volumes.error, 'Error al cargar metas');
  }, [volumes.isError, volumes.error]);

  const save = async () => {
    if (!volumes.data) return;
    const parsed = values.map((text) => parseTargetValue(text));
    const bad = parsed.findIndex((p) => !p.ok);
    if (bad >= 0) {
      notify.error(invalidValueMessage(bad + 1, values[bad]!.trim()));
      return;
    }
    const existing = new Map(volumes.data.data.map((v) => [v.month, v]));
    const calls: Promise<unknown>[] = [];
    parsed.forEach((p, i) => {
      const month = i + 1;
      const value = p.ok ? p.value : null;
      if (value === null) {
        const record = existing.get(month);
        if (record) calls.push(deleteVolume(record.id));
      } else {
        calls.push(upsertVolume({ user_id: seller.id, year, month, target_amount: value }));
      }
    });

    setSaving(true);
    try {
      const results = await Promise.allSettled(calls);
      const failed = results.filter((r) => r.status === 'rejected');
      const ok = results.length - failed.length;
      if (failed.length === 0) notify.success('Metas guardadas correctamente');
      else if (ok > 0) notify.warning(`Guardadas ${ok} con ${failed.length} error(es)`);
      else notify.error('No se pudieron guardar las metas');
    } catch (error) {
      notify.error(errorMessage(error, 'Error al guardar metas'));
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: ['targets', 'volumes', seller.id] });
      // Spec §4: after saving, the dialog closes in every case.
      onClose();
    }
  };

  const loading = volumes.isFetching && !volumes.data;

  return (
    <Stack gap="md">
      <NumberInput
        label="Año"
        value={yearInput}
        onChange={setYearInput}
        allowDecimal={false}
        allowNegative={false}
        min={2000}
        max={2100}
        maw={160}
        onBlur={() => {
          if (yearInput === '') setYearInput(currentYear());
        }}
      />
      {volumes.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(volumes.error, 'Error al cargar metas')}
        </Text>
      ) : (
        <div className={classes.grid} aria-busy={loading || undefined}>
          {MONTHS_ES.map((month, i) => (
            <TextInput
              key={month}
              label={month}
              inputMode="decimal"
              leftSection="$"
              disabled={loading || saving}
              value={values[i]}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setValues((old) => old.map((v, j) => (j === i ? text : v)));
              }}
            />
          ))}
        </div>
      )}
      <Text size="sm" c="dimmed">
        Dejá vacío un mes para eliminar su volumen.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button onClick={save} disabled={saving || !volumes.data}>
          {saving ? 'Guardando…' : 'Guardar'}
        </Button>
      </Group>
    </Stack>
  );
}
