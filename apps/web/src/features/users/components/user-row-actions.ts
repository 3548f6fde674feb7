import type { TUser } from '@panel/shared';
import { IconDevices, IconKey, IconPencil, IconShieldOff } from '@tabler/icons-react';
import type { ResourceListAction } from '../../../components/resource-list/resource-list';
import type { SellerDialogKind } from './seller-dialogs';

interface UserRowActionsOptions {
  onEdit: (user: TUser) => void;
  onResetPassword: (user: TUser) => void;
  /**
   * "Restablecer verificación en dos pasos": panel accounts only (docs/product.md#second-factor); null
   * when the viewer may not (a branch manager: lib/permissions.ts).
   */
  onResetMfa: ((user: TUser) => void) | null;
  /** Opens "Actividad", "Volúmenes" or "Unidades" for a seller row, "Sesiones" for any row. */
  onSellerDialog: (kind: SellerDialogKind, user: TUser) => void;
}

const SELLER_BUTTONS: { kind: SellerDialogKind; label: string }[] = [
  { kind: 'activity', label: 'Actividad' },
  { kind: 'volumes', label: 'Volúmenes' },
  { kind: 'units', label: 'Unidades' },
];

const notSeller = (user: TUser) => user.role !== 'seller';

/**
 * The actions of a Vendedores row, in this order: edit, reset password, reset the second factor
 * (panel accounts' rows, for administrators), "Sesiones" (anyone's open
 * sessions, docs/product.md#open-sessions), then the per-seller buttons
 * ("Actividad", "Volúmenes", "Unidades"), which only sellers get (docs/product.md#sellers, #roles-and-access). Where the row has
 * no room for the labelled buttons, the list folds them into "Más acciones de …".
 */
export function userRowActions({
  onEdit,
  onResetPassword,
  onResetMfa,
  onSellerDialog,
}: UserRowActionsOptions): ResourceListAction<TUser>[] {
  const actions: (ResourceListAction<TUser> | null)[] = [
    {
      key: 'edit',
      label: 'Editar',
      icon: IconPencil,
      ariaLabel: (user) => `Editar a ${user.name}`,
      onClick: onEdit,
    },
    {
      key: 'reset-password',
      label: 'Restablecer contraseña',
      icon: IconKey,
      ariaLabel: (user) => `Restablecer la contraseña de ${user.name}`,
      onClick: onResetPassword,
    },
    onResetMfa && {
      key: 'reset-mfa',
      label: 'Restablecer verificación en dos pasos',
      icon: IconShieldOff,
      ariaLabel: (user) => `Restablecer la verificación en dos pasos de ${user.name}`,
      hidden: (user) => user.role === 'seller',
      onClick: onResetMfa,
    },
    {
      key: 'sessions',
      label: 'Sesiones',
      icon: IconDevices,
      ariaLabel: (user) => `Sesiones de ${user.name}`,
      onClick: (user) => onSellerDialog('sessions', user),
    },
    ...SELLER_BUTTONS.map(
      ({ kind, label }): ResourceListAction<TUser> => ({
        key: kind,
        label,
        display: 'button',
        ariaLabel: (user) => `${label} de ${user.name}`,
        hidden: notSeller,
        onClick: (user) => onSellerDialog(kind, user),
      }),
    ),
  ];
  return actions.filter((action) => action !== null);
}
