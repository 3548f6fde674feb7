import {
  Badge,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { TActivityPeriod, TUserActivity } from '@panel/shared';
import {
  IconActivity,
  IconClipboardCheck,
  IconFileText,
  IconHeart,
  IconMessageCircle,
  type TablerIcon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmailText } from '../../../components/email-text';
import { retryAction } from '../../../components/retry-button';
import { relativeTime } from '../../../lib/dates/relative-time';
import { notify } from '../../../lib/notify';
import { useUserActivity } from '../api/get-user-activity';

export interface SellerRef {
  id: number;
  name: string;
}

const PERIOD_OPTIONS: { value: TActivityPeriod; label: string }[] = [
  { value: 'today', label: 'Hoy' },
  { value: 'last_7_days', label: 'Últimos 7 días' },
  { value: 'last_30_days', label: 'Últimos 30 días' },
];

/** Icon and colour of each kind of entry (docs/product.md#sellers: post, like, comment, survey, other). */
const KIND_STYLE: Record<string, { icon: TablerIcon; color: string; label: string }> = {
  post: { icon: IconFileText, color: 'blue', label: 'Publicación' },
  like: { icon: IconHeart, color: 'red', label: 'Like' },
  comment: { icon: IconMessageCircle, color: 'teal', label: 'Comentario' },
  survey: { icon: IconClipboardCheck, color: 'violet', label: 'Encuesta' },
  other: { icon: IconActivity, color: 'gray', label: 'Actividad' },
};

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xl" fw={700} lh={1.2}>
        {value.toLocaleString('es-AR')}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function ActivityBody({ activity }: { activity: TUserActivity }) {
  const [period, setPeriod] = useState<TActivityPeriod>('last_7_days');
  const { summary, period_stats: stats, recent_activity: recent } = activity;
  const chosen = stats[period];
  const noActivity =
    summary.total_posts + summary.total_likes + summary.total_comments + summary.total_surveys === 0;
  const periodEmpty = chosen.posts + chosen.likes + chosen.comments === 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          <EmailText email={activity.user.email} />
        </Text>
        <Badge size="lg" variant="light" color="brand">
          {activity.user.total_points.toLocaleString('es-AR')} puntos
        </Badge>
      </Group>

      <section aria-labelledby="activity-summary">
        <Title order={3} size="h5" mb="xs" id="activity-summary">
          Resumen General
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Counter label="Publicaciones" value={summary.total_posts} />
          <Counter label="Likes" value={summary.total_likes} />
          <Counter label="Comentarios" value={summary.total_comments} />
          <Counter label="Encuestas" value={summary.total_surveys} />
        </SimpleGrid>
        {noActivity && (
          <Text size="sm" c="dimmed" mt="xs">
            Este usuario aún no tiene actividad registrada
          </Text>
        )}
      </section>

      <section aria-labelledby="activity-period">
        <Group justify="space-between" mb="xs" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id="activity-period">
            Actividad por Período
          </Title>
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(v) => setPeriod(v as TActivityPeriod)}
            data={PERIOD_OPTIONS}
            aria-label="Período"
          />
        </Group>
        {periodEmpty ? (
          <Text size="sm" c="dimmed">
            No hay datos disponibles
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Counter label="Publicaciones" value={chosen.posts} />
            <Counter label="Likes" value={chosen.likes} />
            <Counter label="Comentarios" value={chosen.comments} />
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="activity-recent">
        <Title order={3} size="h5" mb="xs" id="activity-recent">
          Actividad Reciente
        </Title>
        {recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            No hay actividad reciente
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {recent.map((entry, i) => {
              const style = KIND_STYLE[entry.type] ?? KIND_STYLE.other!;
              const Icon = style.icon;
              return (
                <Group
                  component="li"
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, and two entries may share kind and instant.
                  key={`${entry.type}-${entry.date}-${i}`}
                  gap="sm"
                  wrap="nowrap"
                  align="flex-start"
                  data-type={entry.type}
                >
                  <ThemeIcon
                    color={style.color}
                    variant="light"
                    radius="xl"
                    role="img"
                    aria-label={style.label}
                  >
                    <Icon size={16} aria-hidden />
                  </ThemeIcon>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {entry.action}
                    </Text>
                    {entry.details && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {entry.details}
                      </Text>
                    )}
                  </div>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {relativeTime(entry.date)}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

interface SellerActivityDialogProps {
  opened: boolean;
  seller: SellerRef | null;
  onClose: () => void;
  /** Opens this dialog again for `seller`: the failure toast's "Reintentar" (issue 21, item 6). */
  onRetry: (seller: SellerRef) => void;
}

/**
 * "Actividad de <name>" (docs/product.md#sellers): a load failure closes it with the toast "Error al cargar
 * actividad del usuario" (§4, §8), whose "Reintentar" opens it again for the same seller.
 */
export function SellerActivityDialog({ opened, seller, onClose, onRetry }: SellerActivityDialogProps) {
  const activity = useUserActivity(opened && seller ? seller.id : null);

  useEffect(() => {
    if (!opened || !activity.isError) return;
    const failed = seller;
    notify.error('Error al cargar actividad del usuario', {
      action: failed ? retryAction(() => onRetry(failed)) : undefined,
    });
    onClose();
  }, [opened, activity.isError, onClose, onRetry, seller]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Actividad de ${seller?.name ?? ''}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {activity.data ? (
        <ActivityBody key={seller?.id} activity={activity.data} />
      ) : (
        <Center py="xl">
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Cargando actividad...
            </Text>
          </Group>
        </Center>
      )}
    </Modal>
  );
}
