import { Button, Group, Modal, Text } from '@mantine/core';

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** DECISIONS §3: passwords are not recovered by email; an administrator resets them from Vendedores. */
export function ForgotPasswordDialog({ opened, onClose }: ForgotPasswordDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="¿Olvidaste tu contraseña?"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Text size="sm" mb="sm">
        Por seguridad, las contraseñas del panel no se recuperan por email.
      </Text>
      <Text size="sm">
        Pedile a otro administrador que restablezca tu contraseña desde la pantalla{' '}
        <strong>Vendedores</strong>. Después vas a poder ingresar con la contraseña nueva.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Entendido</Button>
      </Group>
    </Modal>
  );
}
