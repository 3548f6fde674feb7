import { Checkbox, Stack } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateTimeField } from '../date-time-field/date-time-field';
import { FormField } from '../form-dialog/form-field';

/**
 * "Programar" (docs/product.md#scheduled-publishing): ticked, the publication time in the business
 * time zone (the panel's one date-and-time input); sellers see the item from then on. Inside a
 * FormDialog whose values include `schedule` and `publish_at` (withSchedule).
 */
export function ScheduleField({ disabled }: { disabled?: boolean }) {
  const { register, control, setValue } = useFormContext<{ schedule: boolean; publish_at: string | null }>();
  const scheduled = useWatch({ control, name: 'schedule' });
  const box = register('schedule', {
    onChange: (event: { target: { checked: boolean } }) => {
      if (!event.target.checked) setValue('publish_at', null);
    },
  });
  return (
    <Stack gap="xs">
      <Checkbox
        label="Programar"
        description={
          scheduled
            ? 'Los vendedores la ven desde esa fecha y hora.'
            : 'Sin programar, se publica al guardar.'
        }
        disabled={disabled}
        {...box}
      />
      {scheduled && (
        <FormField
          name="publish_at"
          component={DateTimeField}
          label="Fecha de publicación"
          withAsterisk
          disabled={disabled}
        />
      )}
    </Stack>
  );
}
