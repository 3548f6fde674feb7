import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MFA_MSG, type TMfaProof, type TTotpSetup } from '@panel/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SectionCard } from '../../../components/section-card';
import { ApiError, errorMessage, saveBlob } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  useConfirmTotp,
  useDisableTotp,
  useMyMfa,
  useRegenerateRecoveryCodes,
  useStartTotp,
} from '../api/mfa';

const TITLE = 'Verificación en dos pasos';

/** The first error message of a field in a 400, else the answer's message. */
function fieldMessage(error: unknown, field: string, fallback: string): string {
  if (error instanceof ApiError) {
    return error.errors?.[field]?.[0] ?? errorMessage(error, fallback);
  }
  return fallback;
}

/**
 * "Mi cuenta" → "Verificación en dos pasos" (issue 30, section 2; docs/product.md#second-factor):
 * "Activar" shows a QR code and the key as text and asks for a first code; then the 10 recovery
 * codes, once, to copy or download. Once on: "Generar códigos nuevos" and "Desactivar", each with
 * the current password or a code.
 */
export function TwoStepSection() {
  const status = useMyMfa();
  const start = useStartTotp();
  const [setup, setSetup] = useState<TTotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [proofFor, setProofFor] = useState<'disable' | 'regenerate' | null>(null);

  const activate = async () => {
    try {
      setSetup(await start.mutateAsync());
    } catch (error) {
      notify.apiError(error, 'No se pudo empezar la activación. Intentá de nuevo.');
    }
  };

  let body: ReactNode;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (setup) {
    body = (
      <SetupStep
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(recovery) => {
          setSetup(null);
          setCodes(recovery);
          notify.success('Verificación en dos pasos activada.');
        }}
      />
    );
  } else if (status.isError) {
    body = <LoadErrorAlert title="No se pudo cargar la verificación en dos pasos." query={status} />;
  } else if (status.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label="Cargando" />
      </Center>
    );
  } else if (!status.data.enabled) {
    body = (
      <Stack gap="sm">
        {status.data.required && (
          <Alert color="yellow" variant="light" title="Obligatoria para tu cuenta">
            {MFA_MSG.setupRequired}
          </Alert>
        )}
        <Text size="sm">
          Además de tu contraseña, al ingresar se te va a pedir un código de 6 dígitos de una aplicación de
          autenticación (Google Authenticator, Microsoft Authenticator, 1Password…).
        </Text>
        <Group>
          <Button onClick={() => void activate()} loading={start.isPending}>
            Activar
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color="green" variant="light">
            Activa
          </Badge>
          <Text size="sm" c="dimmed">
            {status.data.recovery_codes_left === 1
              ? 'Te queda 1 código de recuperación.'
              : `Te quedan ${status.data.recovery_codes_left} códigos de recuperación.`}
          </Text>
        </Group>
        <Group gap="sm">
          <Button variant="outline" onClick={() => setProofFor('regenerate')}>
            Generar códigos nuevos
          </Button>
          <Button variant="outline" color="red.9" onClick={() => setProofFor('disable')}>
            Desactivar
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SectionCard title={TITLE}>
      {body}
      <ProofDialog
        action={proofFor}
        onClose={() => setProofFor(null)}
        onRegenerated={(recovery) => {
          setProofFor(null);
          setCodes(recovery);
        }}
      />
    </SectionCard>
  );
}

function SetupStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TTotpSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmTotp();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setError(MFA_MSG.codeRequired);
    setError(null);
    try {
      onConfirmed((await confirm.mutateAsync(code)).recovery_codes);
    } catch (failure) {
      setError(fieldMessage(failure, 'code', 'No se pudo activar. Intentá de nuevo.'));
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="xs" align="center">
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt="Código QR para la aplicación de autenticación"
          w={200}
          h={200}
          data-testid="totp-qr"
        />
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label="Activar la verificación en dos pasos">
        <Stack gap="sm">
          <Text size="sm">
            1. Escaneá el código QR con tu aplicación de autenticación. Si no podés, escribí esta clave:
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="sm" px="sm" py={6} style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {setup.secret}
            </Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? 'Copiada' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <TextInput
            label="2. Código de verificación"
            description="Los 6 dígitos que muestra la aplicación."
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={error}
          />
          <Group gap="sm">
            <Button type="submit" loading={confirm.isPending}>
              Confirmar
            </Button>
            <Button variant="subtle" onClick={onCancel}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Guardá tus códigos de recuperación">
        Cada uno sirve una sola vez para ingresar si no tenés tu teléfono. Se muestran solo esta vez: copialos
        o descargalos y guardalos en un lugar seguro.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="md" px="sm" py={4}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copiados' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'codigos-de-recuperacion.txt')}
        >
          Descargar
        </Button>
        <Button onClick={onDone}>Listo</Button>
      </Group>
    </Stack>
  );
}

function ProofDialog({
  action,
  onClose,
  onRegenerated,
}: {
  action: 'disable' | 'regenerate' | null;
  onClose: () => void;
  onRegenerated: (codes: string[]) => void;
}) {
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [error, setError] = useState<string | null>(null);
  const busy = disable.isPending || regenerate.isPending;
  const close = () => {
    setError(null);
    onClose();
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const code = String(data.get('code') ?? '').trim();
    if (!password && !code) return setError(MFA_MSG.passwordOrCodeRequired);
    const proof: TMfaProof = password ? { password } : { code };
    setError(null);
    try {
      if (action === 'disable') {
        await disable.mutateAsync(proof);
        notify.success('Verificación en dos pasos desactivada.');
        close();
      } else {
        onRegenerated((await regenerate.mutateAsync(proof)).recovery_codes);
        setError(null);
      }
    } catch (failure) {
      setError(
        fieldMessage(failure, password ? 'password' : 'code', 'No se pudo completar. Intentá de nuevo.'),
      );
    }
  };
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={action === 'disable' ? '¿Desactivar la verificación en dos pasos?' : '¿Generar códigos nuevos?'}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {action === 'disable'
              ? 'Vas a ingresar solo con tu contraseña. Confirmá con tu contraseña actual o con un código.'
              : 'Los códigos de recuperación anteriores dejan de servir. Confirmá con tu contraseña actual o con un código.'}
          </Text>
          {error && <Alert color="red" variant="light" title={error} />}
          <PasswordInput
            label="Contraseña actual"
            name="password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
          />
          <TextInput label="O un código de verificación" name="code" autoComplete="one-time-code" />
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color={action === 'disable' ? 'red.9' : undefined} loading={busy}>
              {action === 'disable' ? 'Desactivar' : 'Generar códigos nuevos'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
