import { MessagePage } from './message-page';

export const FORBIDDEN_TEXT = 'No tenés permiso para ver esta pantalla.';

/**
 * A screen the signed-in role may not open (lib/permissions.ts), reached by its address: said plainly,
 * with the way back, instead of a screen whose every call the API refuses.
 */
export function ForbiddenPage() {
  return (
    <MessagePage
      title="Sin permiso"
      heading={FORBIDDEN_TEXT}
      text="Esta pantalla es solo para administradores. Si la necesitás, pedíselo a uno."
    />
  );
}
