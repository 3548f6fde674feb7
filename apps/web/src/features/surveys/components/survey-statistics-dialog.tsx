import {
  Badge,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  SURVEY_MSG,
  SURVEY_QUESTION_TYPE_LABELS,
  type TSurvey,
  type TSurveyQuestionStatistics,
  type TSurveyStatistics,
} from '@panel/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RetryButton, retryAction } from '../../../components/retry-button';
import { formatDateTime } from '../../../lib/dates/business-time';
import { notify } from '../../../lib/notify';
import { TEXT_ANSWERS_PER_PAGE, useQuestionAnswers, useSurveyStatistics } from '../api/get-survey-statistics';
import type { DistributionBar } from './distribution-chart';

// recharts is heavy: it loads when a statistics dialog opens, not with the grid.
const DistributionChart = lazy(() => import('./distribution-chart'));

const percent = new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/** "75 % (3 de 4 vendedores)": docs/product.md#the-two-readings-settled, the real rate with both numbers. */
export function responseRateLabel(rate: TSurveyStatistics['response_rate']): string {
  const sellers = rate.eligible === 1 ? 'vendedor' : 'vendedores';
  return `${percent.format(rate.rate)} (${rate.respondents} de ${rate.eligible} ${sellers})`;
}

/**
 * What each figure counts, in words (issue 21, item 12): the responses are every person who answered;
 * the rate counts only the survey's eligible sellers (active sellers of its branch, or all) who did.
 */
export function figureNotes(
  data: Pick<TSurveyStatistics, 'total_responses' | 'questions_count' | 'response_rate'>,
  branchName: string | null,
) {
  const { respondents, eligible } = data.response_rate;
  const where = branchName ? `de ${branchName}` : 'de todas las sucursales';
  const others = Math.max(0, data.total_responses - respondents);
  return {
    responses:
      data.total_responses === 0
        ? 'Nadie respondió la encuesta todavía (cada persona responde una vez).'
        : data.total_responses === 1
          ? 'Una persona respondió la encuesta (cada persona responde una vez).'
          : `${data.total_responses} personas respondieron la encuesta (cada persona responde una vez).`,
    questions: 'Preguntas que tiene la encuesta.',
    rate:
      eligible === 0
        ? `No hay vendedores activos ${where} que puedan responderla hoy.`
        : eligible === 1
          ? `El único vendedor activo ${where}, quien puede responderla hoy, ${respondents ? 'respondió' : 'no respondió'}.`
          : `De los ${eligible} vendedores activos ${where}, quienes pueden responderla hoy, ` +
            `${respondents === 0 ? 'ninguno respondió todavía' : respondents === 1 ? 'respondió 1' : `respondieron ${respondents}`}.`,
    others:
      others === 0
        ? null
        : others === 1
          ? '1 respuesta es de alguien que hoy no está entre esos vendedores (desactivado, de otra sucursal o administrador): cuenta en las respuestas, no en la tasa.'
          : `${others} respuestas son de personas que hoy no están entre esos vendedores (desactivadas, de otra sucursal o administradores): cuentan en las respuestas, no en la tasa.`,
  };
}

/** The bars of a closed question, labelled for people: "Sí"/"No", "1".."5", the options. */
export function distributionBars(question: TSurveyQuestionStatistics): DistributionBar[] {
  return Object.entries(question.distribution).map(([value, count]) => ({
    label: question.type === 'boolean' ? (value === 'true' ? 'Sí' : value === 'false' ? 'No' : value) : value,
    count,
  }));
}

interface SurveyStatisticsDialogProps {
  opened: boolean;
  survey: TSurvey | null;
  onClose: () => void;
  /** Opens this dialog again for `survey`: the failure toast's "Reintentar" (issue 21, item 6). */
  onRetry: (survey: TSurvey) => void;
}

/**
 * Statistics of one survey (docs/product.md#surveys); closes with "Error al cargar estadísticas" on failure
 * (§4), whose "Reintentar" opens it again for the same survey.
 */
export function SurveyStatisticsDialog({ opened, survey, onClose, onRetry }: SurveyStatisticsDialogProps) {
  const stats = useSurveyStatistics(opened && survey ? survey.id : null);

  useEffect(() => {
    if (opened && stats.isError) {
      const failed = survey;
      notify.error(SURVEY_MSG.statisticsError, {
        action: failed ? retryAction(() => onRetry(failed)) : undefined,
      });
      onClose();
    }
  }, [opened, stats.isError, onClose, onRetry, survey]);

  const data = stats.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Estadísticas: ${survey?.title ?? ''}`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {!data || stats.isFetching ? (
        <Center mih={200} aria-busy>
          <Loader role="status" aria-label="Cargando estadísticas..." />
        </Center>
      ) : (
        <Stack gap="md">
          <FigureGrid data={data} branchName={survey?.branch?.name ?? null} />
          {data.question_statistics.map((question, i) => (
            <Paper key={question.question_id} withBorder p="md" radius="md" data-testid="question-statistics">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Title order={3} size="h6" style={{ overflowWrap: 'anywhere' }}>
                    {i + 1}. {question.question_text}
                  </Title>
                  <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                    {SURVEY_QUESTION_TYPE_LABELS[question.type]}
                  </Badge>
                </Group>
                <Group gap="lg">
                  <Text size="sm">Respuestas: {question.total_answers}</Text>
                  {question.type === 'rating' && (
                    <Text size="sm">
                      Promedio:{' '}
                      {question.average_rating === null ? '-' : decimal.format(question.average_rating)}
                    </Text>
                  )}
                </Group>
                {question.type === 'text' ? (
                  survey && (
                    <TextAnswers
                      surveyId={survey.id}
                      questionId={question.question_id}
                      total={question.total_answers}
                    />
                  )
                ) : question.total_answers === 0 ? (
                  <Text size="sm" c="dimmed">
                    Todavía no hay respuestas.
                  </Text>
                ) : (
                  <Suspense fallback={<Loader size="sm" role="status" aria-label="Cargando gráfico..." />}>
                    <DistributionChart
                      bars={distributionBars(question)}
                      title={`Distribución: ${question.question_text}`}
                    />
                  </Suspense>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

function FigureGrid({ data, branchName }: { data: TSurveyStatistics; branchName: string | null }) {
  const notes = figureNotes(data, branchName);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label="Respuestas totales" value={String(data.total_responses)} note={notes.responses} />
        <Figure label="Preguntas" value={String(data.questions_count)} note={notes.questions} />
        <Figure label="Tasa de respuesta" value={responseRateLabel(data.response_rate)} note={notes.rate} />
      </SimpleGrid>
      {notes.others && (
        <Text size="sm" c="dimmed" data-testid="responses-outside-rate">
          {notes.others}
        </Text>
      )}
    </Stack>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {note}
      </Text>
    </Paper>
  );
}

function TextAnswers({
  surveyId,
  questionId,
  total,
}: {
  surveyId: number;
  questionId: number;
  total: number;
}) {
  const [page, setPage] = useState(1);
  const answers = useQuestionAnswers(surveyId, questionId, page);
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        Todavía no hay respuestas.
      </Text>
    );
  if (answers.isError)
    return (
      <Group gap="sm">
        <Text size="sm" c="red.8" role="alert">
          {SURVEY_MSG.statisticsError}
        </Text>
        <RetryButton onRetry={answers.refetch} loading={answers.isFetching} />
      </Group>
    );
  if (!answers.data) return <Loader size="sm" role="status" aria-label="Cargando respuestas..." />;
  const lastPage = answers.data.meta.last_page;
  return (
    <Stack gap="xs">
      <VisuallyHidden>Últimas respuestas</VisuallyHidden>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {answers.data.data.map((a) => (
          <Paper key={a.id} component="li" bg="gray.0" p="xs" radius="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {a.value}
            </Text>
            <Text size="xs" c="dimmed">
              {a.user_name} · {formatDateTime(a.created_at, 'DD/MM/YYYY HH:mm')}
            </Text>
          </Paper>
        ))}
      </Stack>
      {lastPage > 1 && (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={lastPage}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Respuestas anteriores' : 'Respuestas siguientes',
            })}
            getItemProps={(p) => ({ 'aria-label': `Respuestas, página ${p}` })}
          />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {TEXT_ANSWERS_PER_PAGE} por página, las más recientes primero.
      </Text>
    </Stack>
  );
}
