import { ActionIcon, Badge, Card, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { SURVEY_MSG, type TSurvey } from '@panel/shared';
import { IconChartBar, IconPencil, IconTrash } from '@tabler/icons-react';
import { ScheduledBadge } from '../../../components/schedule-field/scheduled-badge';
import { formatDateTime } from '../../../lib/dates/business-time';

interface SurveyCardProps {
  survey: TSurvey;
  toggling: boolean;
  onToggle: (survey: TSurvey, active: boolean) => void;
  onStatistics: (survey: TSurvey) => void;
  onEdit: (survey: TSurvey) => void;
  onDelete: (survey: TSurvey) => void;
}

const DATE_FORMAT = 'DD/MM/YYYY HH:mm';

/** "Desde … hasta …" in the business time zone; open ends are said, not left blank. */
export function periodLabel(survey: Pick<TSurvey, 'start_date' | 'end_date'>): string {
  const start = survey.start_date ? formatDateTime(survey.start_date, DATE_FORMAT) : 'Sin fecha de inicio';
  const end = survey.end_date ? formatDateTime(survey.end_date, DATE_FORMAT) : 'Sin fecha de fin';
  return `${start} – ${end}`;
}

/** One survey of the grid (docs/product.md#surveys). */
export function SurveyCard({ survey, toggling, onToggle, onStatistics, onEdit, onDelete }: SurveyCardProps) {
  const titleId = `survey-${survey.id}-title`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="survey-card"
      data-survey-id={survey.id}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {survey.title}
          </Title>
          <Badge color={survey.is_available ? 'teal.9' : 'gray.7'} variant="filled" style={{ flexShrink: 0 }}>
            {survey.is_available ? SURVEY_MSG.available : SURVEY_MSG.notAvailable}
          </Badge>
        </Group>
        {/* Scheduled (docs/product.md#scheduled-publishing): sellers do not see it until then. */}
        {survey.publish_at && <ScheduledBadge publishAt={survey.publish_at} />}
        <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {survey.description || SURVEY_MSG.noDescription}
        </Text>
        <Stack gap={4} mt="auto">
          <Detail label="Sucursal" value={survey.branch?.name ?? SURVEY_MSG.allBranches} />
          <Detail label="Recompensa" value={`${survey.points_reward} puntos`} />
          <Detail label="Preguntas" value={String(survey.questions_count)} />
          <Detail label="Respuestas" value={String(survey.response_count)} />
          <Detail label="Período" value={periodLabel(survey)} />
        </Stack>
        <Group justify="space-between" mt="xs" wrap="nowrap">
          {/* The label says the state ("Activa" / "Inactiva"), and the name starts with it (WCAG 2.5.3). */}
          <Switch
            label={survey.active ? 'Activa' : 'Inactiva'}
            checked={survey.active}
            disabled={toggling}
            onChange={(e) => onToggle(survey, e.currentTarget.checked)}
            aria-label={`${survey.active ? 'Activa' : 'Inactiva'}: ${survey.title}`}
          />
          <Group gap={4} wrap="nowrap" data-row-actions>
            <Tooltip label="Estadísticas">
              <ActionIcon
                variant="subtle"
                aria-label={`Estadísticas de ${survey.title}`}
                onClick={() => onStatistics(survey)}
              >
                <IconChartBar size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Editar">
              <ActionIcon
                variant="subtle"
                aria-label={`Editar ${survey.title}`}
                onClick={() => onEdit(survey)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Eliminar">
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={`Eliminar ${survey.title}`}
                onClick={() => onDelete(survey)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
