import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { DEFAULT_COLOR, type TEvent, type TEventValues, ZEventInput } from '@panel/shared';
import { useCallback, useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import { DateTimeField } from '../../../components/date-time-field/date-time-field';
import { withDateFields } from '../../../components/date-time-field/with-date-fields';
import { BranchField } from '../../../components/form-dialog/branch-field';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput, FormTextarea } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { type TypeRow, TypeSelect } from '../../../components/selects/type-select';
import { textOn } from '../../../lib/contrast';
import { formatDate, formatDateTime } from '../../../lib/dates/business-time';
import { defaultEventRange, isInstant } from '../../../lib/dates/day-first';
import { businessZoneName } from '../../../lib/dates/time-zone';
import { useSaveEvent } from '../api/save-event';

/** The dates are ISO instants (DateTimeField reads them as business wall time), as the API takes them. */
interface FormValues {
  event_type_id: number | null;
  branch_id: number | null;
  title: string;
  description: string;
  start_at: string | null;
  end_at: string | null;
}

const resolver = withDateFields(
  zodResolver(ZEventInput) as unknown as Resolver<FormValues, unknown, TEventValues>,
  ['start_at', 'end_at'],
);

/** docs/product.md#events, #constants: a new event starts at the next full hour, ends 2 hours later, every branch, type 1. */
function initialValues(event: TEvent | null): FormValues {
  const range = defaultEventRange();
  return {
    event_type_id: event?.event_type_id ?? 1,
    branch_id: event?.branch_id ?? null,
    title: event?.title ?? '',
    description: event?.description ?? '',
    start_at: event?.start_at ?? range.start,
    end_at: event?.end_at ?? range.end,
  };
}

interface Props {
  opened: boolean;
  event: TEvent | null;
  onClose: () => void;
}

/** "Nuevo evento" / "Editar evento" (docs/product.md#events, #validation-messages): type, branch, title, description, start, end and a preview. */
export function EventFormDialog({ opened, event, onClose }: Props) {
  const save = useSaveEvent();
  const [typeColor, setTypeColor] = useState<string>(event?.event_type.color ?? DEFAULT_COLOR);
  const [typeName, setTypeName] = useState<string>(event?.event_type.name ?? '');
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    record: event,
    audit: 'events',
    values: initialValues,
    onReset: () => {
      setTypeColor(event?.event_type.color ?? DEFAULT_COLOR);
      setTypeName(event?.event_type.name ?? '');
    },
    submit: (values) => save.mutateAsync({ id: event?.id ?? null, values }),
    success: event ? 'Evento actualizado correctamente' : 'Evento creado correctamente',
    failure: 'Error al guardar el evento',
  });
  const { control } = dialog.form;
  const [title, description, start, end] = useWatch({
    control,
    name: ['title', 'description', 'start_at', 'end_at'],
  });

  const onTypeResolved = useCallback((row: TypeRow | null) => {
    if (!row) return;
    setTypeColor(row.color ?? DEFAULT_COLOR);
    setTypeName(row.name);
  }, []);

  const startIso = isInstant(start) ? start : '';
  const endIso = isInstant(end) ? end : '';

  return (
    <FormDialog
      {...dialog}
      title={event ? 'Editar evento' : 'Nuevo evento'}
      size="lg"
      busyLabel="Guardando..."
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormField
          name="event_type_id"
          component={TypeSelect}
          path="/event-types"
          label="Tipo de evento"
          placeholder="Elegí un tipo"
          withAsterisk
          onResolved={onTypeResolved}
          loadErrorText="Error al cargar tipos de evento"
        />
        <BranchField />
      </SimpleGrid>
      <FormInput name="title" label="Título" withAsterisk data-autofocus />
      <FormTextarea name="description" label="Descripción" maxRows={6} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormField name="start_at" component={DateTimeField} label="Inicio" withAsterisk />
        <FormField name="end_at" component={DateTimeField} label="Fin" withAsterisk />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-4}>
        Día, mes y año, y la hora de 00:00 a 23:59, en horario de {businessZoneName()}.
      </Text>
      <Paper withBorder radius="md" p="sm" aria-label="Vista previa">
        <Text size="xs" c="dimmed" mb={6}>
          Vista previa
        </Text>
        <Group gap="sm" wrap="nowrap" align="stretch">
          <Box w={6} style={{ borderRadius: 3, background: typeColor, flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <Text
              fw={600}
              size="sm"
              truncate
              px={6}
              style={{ background: typeColor, color: textOn(typeColor), borderRadius: 4 }}
            >
              {title.trim() || 'Título del evento'}
            </Text>
            <Text size="sm">
              {startIso ? formatDateTime(startIso, 'dddd D [de] MMMM, HH:mm') : '—'}
              {endIso
                ? ` → ${formatDateTime(endIso, formatDate(startIso) === formatDate(endIso) ? 'HH:mm' : 'D [de] MMMM, HH:mm')}`
                : ''}
            </Text>
            {typeName && (
              <Text size="xs" c="dimmed">
                {typeName}
              </Text>
            )}
            {description.trim() && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {description}
              </Text>
            )}
          </div>
        </Group>
      </Paper>
    </FormDialog>
  );
}
