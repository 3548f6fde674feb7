import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { SURVEY_MSG, SURVEY_PAGE_SIZE, type TSurvey } from '@panel/shared';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ListSearch } from '../../../components/resource-list/list-search';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { RetryButton } from '../../../components/retry-button';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDeleteSurvey } from '../api/delete-survey';
import { useSurveys } from '../api/get-surveys';
import { useToggleSurvey } from '../api/toggle-survey';
import { SurveyCard } from './survey-card';
import { SurveyFormDialog } from './survey-form-dialog';
import { SurveyStatisticsDialog } from './survey-statistics-dialog';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Activas' },
  { value: 'false', label: 'Inactivas' },
];

/** /surveys, "Encuestas" (docs/product.md#surveys): a card grid of 15 per page, searched and paged on the server. */
export function SurveyList() {
  const params = useListParams({ filters: ['active'] as const });
  const query = {
    page: params.page,
    per_page: SURVEY_PAGE_SIZE,
    q: params.query.q,
    active: params.filters.active || undefined,
  };
  const result = useSurveys(query);
  const toggle = useToggleSurvey();
  const deleteSurvey = useDeleteSurvey();
  const deletion = useConfirmDelete({
    remove: (row: TSurvey) => deleteSurvey.mutateAsync(row.id),
    success: SURVEY_MSG.deleted,
    failure: SURVEY_MSG.deleteError,
  });

  const [formOpened, setFormOpened] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const stats = useDialogTarget<TSurvey>();

  const closeForm = useCallback(() => setFormOpened(false), []);
  const reopenForm = useCallback((id: number) => {
    setEditingId(id);
    setFormOpened(true);
  }, []);
  const openForm = (survey: TSurvey | null) => {
    setEditingId(survey?.id ?? null);
    setFormOpened(true);
  };

  const onToggle = async (survey: TSurvey, active: boolean) => {
    try {
      await toggle.mutateAsync({ id: survey.id, active });
      notify.success(active ? SURVEY_MSG.activated : SURVEY_MSG.deactivated);
    } catch (error) {
      notify.apiError(error, SURVEY_MSG.toggleError);
    }
  };

  const { data, isPending, isError, error, isFetching, isPlaceholderData } = result;
  const lastPage = data?.meta.last_page ?? 1;

  return (
    <>
      <PageHeader
        title="Encuestas"
        subtitle="Encuestas para los vendedores, con su recompensa en puntos y sus estadísticas."
        breadcrumb="Inicio / Encuestas"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm(null)}>
            Agregar
          </Button>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch
            value={params.q}
            onSearch={params.setSearch}
            placeholder="Búsqueda..."
            label="Buscar encuestas"
          />
          <Select
            aria-label="Estado"
            placeholder="Todos los estados"
            data={STATUS_OPTIONS}
            value={params.filters.active || null}
            onChange={(value) => params.setFilter('active', value)}
            clearable
            w={200}
          />
        </Group>

        {isPending ? (
          <Center mih={200} aria-busy>
            <Group gap="sm">
              <Loader size="sm" />
              <Text size="sm">Cargando encuestas...</Text>
            </Group>
          </Center>
        ) : isError && !data ? (
          <Alert color="red" role="alert" title={errorMessage(error, SURVEY_MSG.loadListError)}>
            <RetryButton mt="xs" onRetry={result.refetch} loading={isFetching} />
          </Alert>
        ) : data && data.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {params.q || params.filters.active
              ? 'No hay encuestas que coincidan con la búsqueda.'
              : 'No hay encuestas todavía.'}
          </Text>
        ) : (
          <>
            {isError && (
              <Alert color="red" role="alert" title={errorMessage(error, SURVEY_MSG.loadListError)}>
                <RetryButton mt="xs" onRetry={result.refetch} loading={isFetching} />
              </Alert>
            )}
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="md"
              aria-busy={isFetching && isPlaceholderData}
              style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
            >
              {data?.data.map((survey) => (
                <SurveyCard
                  key={survey.id}
                  survey={survey}
                  toggling={toggle.isPending && toggle.variables?.id === survey.id}
                  onToggle={onToggle}
                  onStatistics={stats.open}
                  onEdit={openForm}
                  onDelete={deletion.ask}
                />
              ))}
            </SimpleGrid>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {data ? `${data.meta.total} ${data.meta.total === 1 ? 'encuesta' : 'encuestas'}` : ''}
              </Text>
              {lastPage > 1 && (
                <Pagination
                  total={lastPage}
                  value={Math.min(params.page, lastPage)}
                  onChange={params.setPage}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? 'Página anterior' : 'Página siguiente',
                  })}
                  getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
                />
              )}
            </Group>
          </>
        )}
      </Stack>

      <SurveyFormDialog opened={formOpened} surveyId={editingId} onClose={closeForm} onRetry={reopenForm} />
      <SurveyStatisticsDialog
        opened={stats.opened}
        survey={stats.target}
        onClose={stats.close}
        onRetry={stats.open}
      />
      <ConfirmDialog {...deletion.dialog} title="Confirmar eliminación" message={SURVEY_MSG.confirmDelete} />
    </>
  );
}

export default SurveyList;
