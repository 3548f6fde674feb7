import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { deleteVolume } from '../api/delete-volume';
import { useVolumes } from '../api/get-volumes';
import { upsertVolume } from '../api/upsert-volume';
import { MonthGrid, readMonths, useMonthValues, useYearInput, YearInput } from './month-targets';
import type { SellerRef } from './seller-activity-dialog';
import { formatAmount, parseAmount, tidyAmount } from './target-year';

interface SellerVolumesDialogProps {
  opened: boolean;
  seller: SellerRef | null;
  onClose: () => void;
}

/** "Volúmenes mensuales ($) · <name>" (docs/product.md#sellers, #the-panels-screens, #validation-messages, #messages): the seller's monthly amounts of one year. */
export function SellerVolumesDialog({ opened, seller, onClose }: SellerVolumesDialogProps) {
  const queryClient = useQueryClient();
  const year = useYearInput(opened);
  const volumes = useVolumes(opened && seller ? seller.id : null, year.year);
  const months = useMonthValues(opened, volumes.data?.data, (v) => formatAmount(v.target_amount));
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (volumes.isError) notify.apiError(volumes.error, 'Error al cargar metas');
  }, [volumes.isError, volumes.error]);

  const save = async () => {
    if (!seller || !volumes.data) return;
    const parsed = readMonths(months.values, parseAmount);
    if (!parsed) return;
    const existing = new Map(volumes.data.data.map((v) => [v.month, v]));
    const calls: Promise<unknown>[] = [];
    parsed.forEach((value, i) => {
      const month = i + 1;
      if (value === null) {
        const record = existing.get(month);
        if (record) calls.push(deleteVolume(record.id));
      } else {
        calls.push(upsertVolume({ user_id: seller.id, year: year.year, month, target_amount: value }));
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
      // docs/product.md#the-panels-screens: after saving, the dialog closes in every case.
      onClose();
    }
  };

  const loading = volumes.isFetching && !volumes.data;

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onSubmit={save}
      busy={saving}
      title={`Volúmenes mensuales ($) · ${seller?.name ?? ''}`}
      size="xl"
      gap="md"
      busyLabel="Guardando…"
      submitDisabled={!volumes.data}
    >
      <YearInput state={year} maw={160} />
      <MonthGrid
        months={months}
        inputMode="decimal"
        leftSection="$"
        tidy={tidyAmount}
        loading={loading}
        disabled={loading || saving}
        failed={
          volumes.isError
            ? {
                error: volumes.error,
                fallback: 'Error al cargar metas',
                retry: volumes.refetch,
                retrying: volumes.isFetching,
              }
            : null
        }
      />
      <Text size="sm" c="dimmed">
        Dejá vacío un mes para eliminar su volumen.
      </Text>
    </FormDialog>
  );
}
