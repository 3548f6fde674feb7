import { Center, Loader, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SectionCard } from '../../../components/section-card';
import { notify } from '../../../lib/notify';
import { useSaveSignInSettings, useSignInSettings } from '../api/sign-in-settings';

/**
 * "Mi cuenta" → "Ingreso al panel", for administrators (docs/product.md#second-factor): requiring a
 * second factor of every panel account. MFA_REQUIRED on the server shows it on, and fixed.
 */
export function SignInRulesSection() {
  const settings = useSignInSettings();
  const save = useSaveSignInSettings();

  let body: ReactNode;
  if (settings.isError) {
    body = <LoadErrorAlert title="No se pudieron cargar las reglas de ingreso." query={settings} />;
  } else if (settings.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label="Cargando" />
      </Center>
    );
  } else {
    const { mfa_required, mfa_required_by_server } = settings.data;
    const toggle = async (on: boolean) => {
      try {
        await save.mutateAsync({ mfa_required: on });
        notify.success(on ? 'Verificación en dos pasos obligatoria.' : 'Verificación en dos pasos opcional.');
      } catch (error) {
        notify.apiError(error, 'No se pudo guardar. Intentá de nuevo.');
      }
    };
    body = (
      <Switch
        checked={mfa_required || mfa_required_by_server}
        disabled={mfa_required_by_server || save.isPending}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        label="Exigir la verificación en dos pasos a todas las cuentas del panel"
        description={
          mfa_required_by_server ? (
            <Text span size="xs" c="dimmed">
              La exige la configuración del servidor (MFA_REQUIRED).
            </Text>
          ) : (
            'Quien no la tenga solo podrá usar "Mi cuenta" hasta activarla. Activá primero la tuya.'
          )
        }
      />
    );
  }
  return <SectionCard title="Ingreso al panel">{body}</SectionCard>;
}
