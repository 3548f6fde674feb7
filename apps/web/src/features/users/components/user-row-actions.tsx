import { ActionIcon, Button } from '@mantine/core';
import type { TUser } from '@panel/shared';
import { IconKey, IconPencil } from '@tabler/icons-react';
import type { SellerDialogKind } from './seller-dialogs';

interface UserRowActionsProps {
  user: TUser;
  onEdit: (user: TUser) => void;
  onResetPassword?: (user: TUser) => void;
  /** Opens "Actividad", "Volumenes" or "Unidades" for a seller row. */
  onSellerDialog?: (kind: SellerDialogKind, user: TUser) => void;
}

const SELLER_BUTTONS: { kind: SellerDialogKind; label: string }[] = [
  { kind: 'activity', label: 'Actividad' },
  { kind: 'volumes', label: 'Volumenes' },
  { kind: 'units', label: 'Unidades' },
];

/**
 * The "Acciones" cell of Vendedores, in this order: edit, reset password, then the per-seller
 * buttons ("Actividad", "Volumenes", "Unidades"), which appear only when `user.role === 'seller'`
 * (spec §2.5, §6).
 */
export function UserRowActions({ user, onEdit, onResetPassword, onSellerDialog }: UserRowActionsProps) {
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
      {onSellerDialog &&
        user.role === 'seller' &&
        SELLER_BUTTONS.map(({ kind, label }) => (
          <Button
            key={kind}
            size="compact-xs"
            variant="light"
            aria-label={`${label} de ${user.name}`}
            onClick={() => onSellerDialog(kind, user)}
          >
            {label}
          </Button>
        ))}
    </>
  );
}
