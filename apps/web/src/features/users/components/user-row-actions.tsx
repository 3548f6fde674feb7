import { ActionIcon } from '@mantine/core';
import type { TUser } from '@panel/shared';
import { IconKey, IconPencil } from '@tabler/icons-react';

interface UserRowActionsProps {
  user: TUser;
  onEdit: (user: TUser) => void;
  onResetPassword?: (user: TUser) => void;
}

/**
 * The "Acciones" cell of Vendedores, in this order: edit, reset password, then the per-seller
 * buttons ("Actividad", "Volumenes", "Unidades"), which appear only when `user.role === 'seller'`
 * (spec §2.5, §6).
 */
export function UserRowActions({ user, onEdit, onResetPassword }: UserRowActionsProps) {
  return (
    <>
      <ActionIcon aria-label={`Editar a ${user.name}`} title="Editar" onClick={() => onEdit(user)}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      {onResetPassword && (
        <ActionIcon
          aria-label={`Restablecer la contraseña de ${user.name}`}
          title="Restablecer contraseña"
          onClick={() => onResetPassword(user)}
        >
          <IconKey size={18} aria-hidden />
        </ActionIcon>
      )}
    </>
  );
}
