import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Checkbox, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import {
  DEFAULT_COLOR,
  DEFAULT_NOTIFICATION_ICON,
  EVENT_REMINDER_OPTIONS,
  ZEventTypeInput,
  ZNotificationTypeInput,
} from '@panel/shared';
import { Controller, type Resolver, useWatch } from 'react-hook-form';
import { ColorField } from '../../../components/color-field';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { NotificationIcon } from '../../../components/notification-icon';
import { textOn } from '../../../lib/contrast';
import { useSaveType } from '../api/save-type';
import type { TypeKind, TypeRecord, TypeValues } from '../api/type-kind';
import { NotificationIconPicker } from './notification-icon-picker';
import { hasIcon, TYPE_TEXTS } from './type-texts';

interface FormValues {
  name: string;
  color: string;
  /** Notification types only. */
  icon?: string;
  /** Event types only: their events' reminders (minutes before the start) and Urgente. */
  reminder_minutes?: number[];
  urgent?: boolean;
}

// The schemas' preprocessed fields take `unknown` (form bodies); this form only gives them strings.
const RESOLVERS = {
  'event-types': zodResolver(ZEventTypeInput),
  'notification-types': zodResolver(ZNotificationTypeInput),
} as unknown as Record<TypeKind, Resolver<FormValues, unknown, TypeValues>>;

const initialValues = (kind: TypeKind, type: TypeRecord | null): FormValues => ({
  name: type?.name ?? '',
  color: type?.color ?? DEFAULT_COLOR,
  ...(hasIcon(kind) && { icon: type && 'icon' in type ? type.icon : DEFAULT_NOTIFICATION_ICON }),
  ...(!hasIcon(kind) && {
    reminder_minutes: type && 'reminder_minutes' in type ? type.reminder_minutes : [],
    urgent: type && 'urgent' in type ? type.urgent : false,
  }),
});

interface Props {
  kind: TypeKind;
  opened: boolean;
  type: TypeRecord | null;
  onClose: () => void;
}

/**
 * New or edit type: name, colour picker plus hex, and a preview of how the calendar (events) or
 * the app (notifications, with the icon) shows it (docs/product.md#notification-types, #event-types).
 */
export function TypeFormDialog({ kind, opened, type, onClose }: Props) {
  const texts = TYPE_TEXTS[kind];
  const save = useSaveType(kind);
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver: RESOLVERS[kind],
    record: type,
    audit: kind === 'event-types' ? 'event_types' : 'notification_types',
    values: (current) => initialValues(kind, current),
    submit: (values) => save.mutateAsync({ id: type?.id ?? null, values }),
    success: type ? texts.updated : texts.created,
    failure: texts.saveError,
  });
  const {
    control,
    register,
    formState: { errors },
  } = dialog.form;
  const [name, color, icon = DEFAULT_NOTIFICATION_ICON] = useWatch({
    control,
    name: ['name', 'color', 'icon'],
  });
  const previewColor = /^#[0-9a-fA-F]{6}$/.test(color) ? color : DEFAULT_COLOR;
  const previewName = name.trim() || 'Nombre del tipo';

  return (
    <FormDialog
      {...dialog}
      title={type ? texts.editTitle : texts.createTitle}
      size={hasIcon(kind) ? 'lg' : undefined}
      gap="md"
    >
      <FormInput name="name" label="Nombre" withAsterisk data-autofocus />
      <FormField name="color" component={ColorField} label="Color" />
      {hasIcon(kind) && <FormField name="icon" component={NotificationIconPicker} color={previewColor} />}
      {!hasIcon(kind) && (
        <>
          {/* docs/decisions/2026-12-04-reminders.md: a push to the event's sellers at each chosen time. */}
          <Controller
            control={control}
            name="reminder_minutes"
            render={({ field }) => (
              <Checkbox.Group
                label="Recordatorios"
                description="Cada vendedor del evento recibe un aviso en su teléfono."
                value={(field.value ?? []).map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
                error={errors.reminder_minutes?.message}
              >
                <SimpleGrid cols={2} spacing="md" verticalSpacing="xs" mt={6}>
                  {EVENT_REMINDER_OPTIONS.map((o) => (
                    <Checkbox key={o.minutes} value={String(o.minutes)} label={o.label} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <Checkbox label="Urgente (los recordatorios ignoran el «No molestar»)" {...register('urgent')} />
        </>
      )}
      <Paper withBorder radius="md" p="sm" aria-label="Vista previa">
        <Text size="xs" c="dimmed" mb={6}>
          Vista previa
        </Text>
        {hasIcon(kind) ? (
          <Group gap="sm" wrap="nowrap">
            <NotificationIcon icon={icon} color={previewColor} size={40} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {previewName}
              </Text>
              <Text size="sm" c="dimmed">
                {icon} · {previewColor.toUpperCase()}
              </Text>
            </div>
          </Group>
        ) : (
          <Group gap="sm">
            {/* Black or white text by luminance: Mantine's autoContrast left white on #FF0000 (4:1). */}
            <Badge
              color={previewColor}
              radius="sm"
              size="lg"
              style={{ textTransform: 'none', color: textOn(previewColor) }}
            >
              {previewName}
            </Badge>
          </Group>
        )}
      </Paper>
    </FormDialog>
  );
}
