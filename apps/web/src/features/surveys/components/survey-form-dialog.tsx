import { zodResolver } from '@hookform/resolvers/zod';
import { Center, Checkbox, Group, Loader, NumberInput, Select, SimpleGrid, Textarea } from '@mantine/core';
import {
  SURVEY_MSG,
  SURVEY_REMINDER_OPTIONS,
  type TSurveyInput,
  type TSurveyInputParsed,
  ZSurveyInput,
} from '@panel/shared';
import { useEffect } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { DateTimeField } from '../../../components/date-time-field/date-time-field';
import { withDateFields } from '../../../components/date-time-field/with-date-fields';
import { BranchField } from '../../../components/form-dialog/branch-field';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { retryAction } from '../../../components/retry-button';
import { ScheduleField } from '../../../components/schedule-field/schedule-field';
import { withSchedule } from '../../../components/schedule-field/with-schedule';
import { notify } from '../../../lib/notify';
import { useSurvey } from '../api/get-survey';
import { useCreateSurvey, useUpdateSurvey } from '../api/save-survey';
import { QuestionEditor } from './question-editor';
import { emptySurveyValues, type SurveyFormValues, surveyToValues } from './survey-form-values';

// The dates are ISO instants, typed or picked as business wall time (DateTimeField).
const resolver = withDateFields(
  withSchedule(
    zodResolver(ZSurveyInput) as unknown as Resolver<SurveyFormValues, unknown, TSurveyInputParsed>,
  ),
  ['start_date', 'end_date', 'publish_at'],
);

interface SurveyFormDialogProps {
  opened: boolean;
  /** The survey to edit; null creates a new one. */
  surveyId: number | null;
  onClose: () => void;
  /** Opens the edit again for `surveyId`: the toast's "Reintentar" when the survey failed to load. */
  onRetry: (surveyId: number) => void;
}

/** "Nueva Encuesta" / "Editar Encuesta" (docs/product.md#surveys, #the-panels-screens, #validation-messages, #messages). */
export function SurveyFormDialog({ opened, surveyId, onClose, onRetry }: SurveyFormDialogProps) {
  const isEdit = surveyId !== null;
  const loaded = useSurvey(opened ? surveyId : null);
  const createSurvey = useCreateSurvey();
  const updateSurvey = useUpdateSurvey();
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    record: loaded.data,
    audit: 'surveys',
    // An edit waits for the survey to load.
    values: (survey) => (isEdit ? survey && surveyToValues(survey) : emptySurveyValues()),
    submit: (values) => {
      // The parsed body, with the order of the list; the server checks it with the same schema.
      const input: TSurveyInput = {
        ...values,
        questions: values.questions.map((q, order) => ({ ...q, order })),
      };
      return surveyId !== null
        ? updateSurvey.mutateAsync({ id: surveyId, input })
        : createSurvey.mutateAsync(input);
    },
    success: isEdit ? SURVEY_MSG.updated : SURVEY_MSG.created,
    failure: SURVEY_MSG.saveError,
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;

  useEffect(() => {
    if (opened && surveyId !== null && loaded.isError) {
      notify.apiError(loaded.error, SURVEY_MSG.loadOneError, {
        action: retryAction(() => onRetry(surveyId)),
      });
      onClose();
    }
  }, [opened, surveyId, loaded.isError, loaded.error, onClose, onRetry]);

  const waiting = isEdit && !loaded.data;

  return (
    <FormDialog
      {...dialog}
      title={isEdit ? 'Editar Encuesta' : 'Nueva Encuesta'}
      size="xl"
      instead={
        waiting ? (
          <Center mih={200} aria-busy>
            <Loader role="status" aria-label="Cargando encuesta..." />
          </Center>
        ) : undefined
      }
    >
      <FormInput name="title" label="Título" withAsterisk data-autofocus />
      <FormInput name="description" component={Textarea} label="Descripción" rows={3} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <BranchField allLabel="Todas" comboboxProps={{ withinPortal: true, position: 'bottom-start' }} />
        <Controller
          control={control}
          name="points_reward"
          render={({ field }) => (
            <NumberInput
              label="Puntos de recompensa"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
              onBlur={field.onBlur}
              error={errors.points_reward?.message}
            />
          )}
        />
        {/* A day alone is the whole day: from its 00:00, until its end. */}
        <FormField
          name="start_date"
          component={DateTimeField}
          label="Fecha de inicio"
          emptyText="Sin fecha de inicio"
          dayAlone="start"
        />
        <FormField
          name="end_date"
          component={DateTimeField}
          label="Fecha de fin"
          emptyText="Sin fecha de fin"
          dayAlone="end"
        />
      </SimpleGrid>
      <Checkbox label="Activa" {...register('active')} />
      {/* A published survey has no publication time to change (the server refuses one). */}
      {(!isEdit || loaded.data?.publish_at) && <ScheduleField />}
      {/* docs/decisions/2026-12-04-reminders.md: off by default; "1 día antes del cierre" when turned on. */}
      <Controller
        control={control}
        name="reminder_minutes"
        render={({ field }) => (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Checkbox
              mt={8}
              label="Recordar a quienes no respondieron"
              checked={field.value != null}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 1440 : null)}
              error={field.value == null ? errors.reminder_minutes?.message : undefined}
            />
            {field.value != null && (
              <Select
                aria-label="Cuándo recordar"
                data={SURVEY_REMINDER_OPTIONS.map((o) => ({ value: String(o.minutes), label: o.label }))}
                value={String(field.value)}
                onChange={(v) => field.onChange(v === null ? null : Number(v))}
                onBlur={field.onBlur}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={errors.reminder_minutes?.message}
                w={{ base: '100%', xs: 240 }}
              />
            )}
          </Group>
        )}
      />
      <QuestionEditor />
    </FormDialog>
  );
}
