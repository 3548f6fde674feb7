import { ActionIcon, Button, Menu } from '@mantine/core';
import type { TUser } from '@panel/shared';
import { IconDots, IconKey, IconPencil } from '@tabler/icons-react';
import type { SellerDialogKind } from './seller-dialogs';

interface UserRowActionsProps {
  user: TUser;
  onEdit: (user: TUser) => void;
  onResetPassword?: (user: TUser) => void;
  /** Opens "Actividad", "Volumenes" or "Unidades" for a seller row. */
  onSellerDialog?: (kind: SellerDialogKind, user: TUser) => void;
  /** Narrow screens: the per-seller actions go in a menu, so the pinned column stays narrow. */
  compact?: boolean;
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
export function UserRowActions({
  user,
  onEdit,
  onResetPassword,
  onSellerDialog,
  compact = false,
}: UserRowActionsProps) {
  const sellerActions = onSellerDialog && user.role === 'seller';
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
      {sellerActions && compact && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon aria-label={`Más acciones de ${user.name}`} title="Más acciones">
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {SELLER_BUTTONS.map(({ kind, label }) => (
              <Menu.Item key={kind} onClick={() => onSellerDialog(kind, user)}>
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {sellerActions &&
        !compact &&
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
