import { type ReactNode, useCallback, useState } from 'react';
import { SellerActivityDialog, type SellerRef } from './seller-activity-dialog';
import { SellerUnitsDialog } from './seller-units-dialog';
import { SellerVolumesDialog } from './seller-volumes-dialog';
import { UserSessionsDialog } from './user-sessions-dialog';

export type SellerDialogKind = 'activity' | 'volumes' | 'units' | 'sessions';

/**
 * The per-person dialogs of Vendedores (docs/product.md#sellers; "Sesiones", docs/product.md#open-sessions), behind one state: the list calls
 * `open(kind, user)` from a row and renders `dialogs` once.
 */
export function useSellerDialogs(): {
  open: (kind: SellerDialogKind, user: SellerRef) => void;
  dialogs: ReactNode;
} {
  const [kind, setKind] = useState<SellerDialogKind | null>(null);
  // Kept while a dialog closes, so its title does not flicker.
  const [seller, setSeller] = useState<SellerRef | null>(null);
  const open = useCallback((next: SellerDialogKind, user: SellerRef) => {
    setSeller({ id: user.id, name: user.name });
    setKind(next);
  }, []);
  const close = useCallback(() => setKind(null), []);
  const reopenActivity = useCallback((failed: SellerRef) => open('activity', failed), [open]);
  return {
    open,
    dialogs: (
      <>
        <SellerActivityDialog
          opened={kind === 'activity'}
          seller={seller}
          onClose={close}
          onRetry={reopenActivity}
        />
        <SellerVolumesDialog opened={kind === 'volumes'} seller={seller} onClose={close} />
        <SellerUnitsDialog opened={kind === 'units'} seller={seller} onClose={close} />
        <UserSessionsDialog opened={kind === 'sessions'} person={seller} onClose={close} />
      </>
    ),
  };
}
