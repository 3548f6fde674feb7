import { Center, Loader, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SectionCard } from '../../../components/section-card';
import { notify } from '../../../lib/notify';
import { useSaveSignInSettings, useSignInSettings } from '../api/sign-in-settings';

/**
 * "Mi cuenta" → "Ingreso al panel", for administrators (docs/product.md#second-factor): requiring a
 * second factor of every panel account (MFA_REQUIRED on the server shows it on, and fixed), and, when the
 * server has OpenID Connect configured, letting panel accounts in only with the company's account
 * (docs/decisions/2026-12-04-oidc.md).
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
    const { mfa_required, mfa_required_by_server, oidc_only, oidc_available } = settings.data;
    const saveRules = async (rules: { mfa_required: boolean; oidc_only: boolean }, done: string) => {
      try {
        await save.mutateAsync(rules);
        notify.success(done);
      } catch (error) {
        notify.apiError(error, 'No se pudo guardar. Intentá de nuevo.');
      }
    };
    const toggle = (on: boolean) =>
      saveRules(
        { mfa_required: on, oidc_only },
        on ? 'Verificación en dos pasos obligatoria.' : 'Verificación en dos pasos opcional.',
      );
    const toggleCompanyOnly = (on: boolean) =>
      saveRules(
        { mfa_required, oidc_only: on },
        on
          ? 'Las cuentas del panel ingresan solo con la cuenta de la empresa.'
          : 'Las cuentas del panel también pueden ingresar con su contraseña.',
      );
    const mfaSwitch = (
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
    body = oidc_available ? (
      <Stack gap="md">
        {mfaSwitch}
        <Switch
          checked={oidc_only}
          disabled={save.isPending}
          onChange={(event) => void toggleCompanyOnly(event.currentTarget.checked)}
          label="Ingresar solo con la cuenta de la empresa"
          description="Las cuentas del panel no podrán ingresar con su contraseña ni con una llave de acceso. Los vendedores no cambian."
        />
      </Stack>
    ) : (
      mfaSwitch
    );
  }
  return <SectionCard title="Ingreso al panel">{body}</SectionCard>;
}
