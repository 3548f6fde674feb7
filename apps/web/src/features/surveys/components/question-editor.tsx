import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SURVEY_QUESTION_TYPE_LABELS, SURVEY_QUESTION_TYPES, type TSurveyQuestionType } from '@panel/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type FieldErrors, useFormContext, useWatch } from 'react-hook-form';
import { type FormQuestion, moveQuestion, newQuestion, removeQuestion, withType } from './question-rules';
import type { SurveyFormValues } from './survey-form-values';

const TYPE_OPTIONS = SURVEY_QUESTION_TYPES.map((value) => ({
  value,
  label: SURVEY_QUESTION_TYPE_LABELS[value],
}));

type QuestionErrors = FieldErrors<FormQuestion> & {
  options?: { message?: string; [i: number]: { message?: string } };
};

/**
 * The survey's questions: add, remove, reorder, type, required and the options of a multiple
 * choice question (docs/product.md#surveys, #the-panels-screens, #validation-messages). The list lives in the form's `questions` value.
 */
export function QuestionEditor() {
  const {
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<SurveyFormValues>();
  const questions = (useWatch({ control, name: 'questions' }) ?? []) as FormQuestion[];
  const set = (next: FormQuestion[]) =>
    setValue('questions', next, { shouldDirty: true, shouldValidate: isSubmitted });
  const update = (index: number, next: FormQuestion) =>
    set(questions.map((q, i) => (i === index ? next : q)));

  const listError = errors.questions?.message ?? errors.questions?.root?.message;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={3} size="h5">
          Preguntas
        </Title>
        <Text size="sm" c="dimmed">
          {questions.length === 1 ? '1 pregunta' : `${questions.length} preguntas`}
        </Text>
      </Group>
      {listError && (
        <Text size="sm" c="red.8" role="alert" data-form-error>
          {listError}
        </Text>
      )}
      {questions.map((question, index) => {
        const qErrors = (errors.questions?.[index] ?? {}) as QuestionErrors;
        const label = `Pregunta ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: every input is controlled by the form value, so index keys are safe.
          <Paper key={index} withBorder p="sm" radius="md" data-testid="survey-question">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {label}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Subir ${label.toLowerCase()}`}
                    disabled={index === 0}
                    onClick={() => set(moveQuestion(questions, index, -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Bajar ${label.toLowerCase()}`}
                    disabled={index === questions.length - 1}
                    onClick={() => set(moveQuestion(questions, index, 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={`Quitar ${label.toLowerCase()}`}
                    onClick={() => set(removeQuestion(questions, index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              <TextInput
                label="Texto de la pregunta"
                withAsterisk
                value={question.question_text}
                error={qErrors.question_text?.message}
                onChange={(e) => update(index, { ...question, question_text: e.currentTarget.value })}
              />
              <Group gap="md" align="flex-end" wrap="wrap">
                <Select
                  label="Tipo"
                  data={TYPE_OPTIONS}
                  value={question.type}
                  allowDeselect={false}
                  error={qErrors.type?.message}
                  onChange={(type) => type && update(index, withType(question, type as TSurveyQuestionType))}
                  style={{ flex: '1 1 12rem' }}
                  comboboxProps={{ withinPortal: true, position: 'bottom-start' }}
                />
                <Checkbox
                  label="Obligatoria"
                  checked={question.required}
                  onChange={(e) => update(index, { ...question, required: e.currentTarget.checked })}
                  mb={8}
                />
              </Group>
              {question.type === 'multiple_choice' && (
                <OptionsEditor
                  label={label}
                  options={question.options ?? []}
                  errors={qErrors.options}
                  onChange={(options) => update(index, { ...question, options })}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => set([...questions, newQuestion(questions.length)])}
        >
          Agregar pregunta
        </Button>
      </Group>
    </Stack>
  );
}

interface OptionsEditorProps {
  label: string;
  options: string[];
  errors: QuestionErrors['options'];
  onChange: (options: string[]) => void;
}

function OptionsEditor({ label, options, errors, onChange }: OptionsEditorProps) {
  return (
    <Stack gap={6} pl="sm">
      <Text size="sm" fw={500}>
        Opciones
      </Text>
      {options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: controlled inputs; the index is the option's place.
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`${label}, opción ${i + 1}`}
            placeholder={`Opción ${i + 1}`}
            value={option}
            error={errors?.[i]?.message}
            onChange={(e) => onChange(options.map((o, j) => (j === i ? e.currentTarget.value : o)))}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={`Quitar opción ${i + 1} de la ${label.toLowerCase()}`}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {errors?.message && (
        <Text size="sm" c="red.8" data-form-error>
          {errors.message}
        </Text>
      )}
      <Group>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...options, ''])}
        >
          Agregar opción
        </Button>
      </Group>
    </Stack>
  );
}
