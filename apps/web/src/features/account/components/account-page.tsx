import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { roleLabel, SESSION_MSG, sessionsEndedText, type TSession } from '@panel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmailText } from '../../../components/email-text';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { SessionsView } from '../../../components/session-list';
import { clearSession, useAuthStore } from '../../../lib/auth-store';
import { notify } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permissions';
import { useEndMySession } from '../api/end-my-session';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useMySessions } from '../api/get-my-sessions';
import { PasskeysSection } from './passkeys-section';
import { SignInRulesSection } from './sign-in-rules-section';
import { TwoStepSection } from './two-step-section';

type Pending = { kind: 'one'; session: TSession } | { kind: 'others' } | null;

/**
 * "Mi cuenta" (issue 30, section 4; docs/product.md#open-sessions): who is signed in, and the account's
 * open sessions, each with "Cerrar"; "Cerrar las demás" keeps only this one. Ending this one signs out.
 */
export default function AccountPage() {
  const user = useAuthStore((s) => s.user);
  const { can } = usePermissions();
  const sessions = useMySessions();
  const endOne = useEndMySession();
  const endOthers = useEndOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = sessions.data?.data ?? [];
  const others = list.filter((s) => !s.current).length;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'one') {
        await endOne.mutateAsync(pending.session.id);
        notify.success(SESSION_MSG.ended);
        if (pending.session.current) {
          // This one is over on the server: leave like "Cerrar sesión" does.
          clearSession();
          queryClient.clear();
          navigate('/login', { replace: true });
          return;
        }
      } else {
        notify.success(sessionsEndedText(await endOthers.mutateAsync()));
      }
    } catch (error) {
      notify.apiError(error, 'No se pudo cerrar la sesión. Intentá de nuevo.');
    }
    setPending(null);
  };

  const busy = endOne.isPending || endOthers.isPending;
  const ending = pending?.kind === 'one' ? pending.session : null;

  return (
    <>
      <PageHeader title="Mi cuenta" breadcrumb="Inicio / Mi cuenta" />
      <Stack gap="lg">
        <SectionCard title="Datos de la cuenta">
          <Stack gap={4}>
            <Text fw={600}>{user?.name}</Text>
            <Text size="sm" c="dimmed">
              {user && <EmailText email={user.email} />}
            </Text>
            {user && (
              <Group>
                <Badge variant="light">{roleLabel(user.role)}</Badge>
              </Group>
            )}
          </Stack>
        </SectionCard>
        {can('second-factor') && <TwoStepSection />}
        {can('second-factor') && <PasskeysSection />}
        {can('sign-in-rules') && <SignInRulesSection />}
        <SectionCard
          title={SESSION_MSG.title}
          right={
            others > 0 ? (
              <Button variant="outline" color="red.9" onClick={() => setPending({ kind: 'others' })}>
                {SESSION_MSG.endOthers}
              </Button>
            ) : undefined
          }
        >
          <SessionsView
            query={sessions}
            intro={
              <Text size="sm" c="dimmed">
                Si no reconocés una sesión, cerrala y cambiá tu contraseña.
              </Text>
            }
            onEnd={(session) => setPending({ kind: 'one', session })}
            endingId={endOne.isPending ? (ending?.id ?? null) : null}
          />
        </SectionCard>
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'others' ? '¿Cerrar las demás sesiones?' : '¿Cerrar esta sesión?'}
        message={
          pending?.kind === 'others'
            ? 'Se cerrarán todas las sesiones abiertas de tu cuenta salvo esta. Quien las use tendrá que volver a iniciar sesión.'
            : ending?.current
              ? 'Es la sesión que estás usando: vas a salir del panel.'
              : `Se cerrará la sesión de ${ending?.device ?? ''}. Quien la use tendrá que volver a iniciar sesión.`
        }
        confirmLabel={pending?.kind === 'others' ? SESSION_MSG.endOthers : 'Cerrar sesión'}
        busyLabel="Cerrando..."
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
