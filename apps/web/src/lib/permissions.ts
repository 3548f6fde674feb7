import type { TUser } from '@panel/shared';
import { useAuthStore } from './auth-store';

/**
 * What each panel role may do in the panel (docs/product.md#branch-managers), in one place: the menu,
 * the router's refusal, the forms and the row actions all ask here. An administrator may do everything;
 * a branch manager ("Encargado de sucursal") works with their own branch only. The API enforces the same
 * rule on its own (apps/api/src/services/auth/branch-scope.ts): this only keeps the panel from offering
 * what the API would refuse.
 */
export type Viewer = Pick<TUser, 'role' | 'branch_id' | 'branch_name'> | null | undefined;

/**
 * Screens for administrators only: the company's catalogue and setup (branches, suppliers, brands, the
 * kinds of notifications and events, the points' rules). A manager reads some of them through the forms'
 * selects, but does not manage them.
 */
export const ADMIN_ONLY_PATHS = [
  '/branches',
  '/suppliers',
  '/brands',
  '/notification-types',
  '/event-types',
  '/point-actions',
] as const;

/** Actions that are not a screen of their own. */
export type Capability =
  /** The user form's "Rol": make or change managers and administrators. */
  | 'choose-role'
  /** "Restablecer verificación en dos pasos" on someone else's account. */
  | 'reset-mfa'
  /** Mi cuenta's "Reglas de inicio de sesión" (the company's sign-in rules). */
  | 'sign-in-rules'
  /** Any branch, or "Todas las sucursales", in forms and filters. */
  | 'every-branch'
  /** People of every role and branch: Vendedores' role filter, Auditoría's filter by administrator. */
  | 'every-person'
  /** Mi cuenta's second factor and passkeys: every panel role. */
  | 'second-factor';

const MANAGER_MAY: ReadonlySet<Capability> = new Set(['second-factor']);

const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
const isManager = (viewer: Viewer) => viewer?.role === 'branch_manager';

export function can(viewer: Viewer, capability: Capability): boolean {
  if (isAdmin(viewer)) return true;
  return isManager(viewer) && MANAGER_MAY.has(capability);
}

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Whether the screen at `pathname` is the viewer's to open (unknown paths are: they get the 404 screen). */
export function canOpen(viewer: Viewer, pathname: string): boolean {
  if (isAdmin(viewer)) return true;
  return !ADMIN_ONLY_PATHS.some((path) => under(pathname, path));
}

export interface OwnBranch {
  id: number;
  name: string;
}

/** The one branch a manager works with; null for whoever may choose any branch (an administrator). */
export function ownBranch(viewer: Viewer): OwnBranch | null {
  if (!viewer || can(viewer, 'every-branch')) return null;
  // A manager always has a branch (the API's users_manager_branch_check); -1 names none if that broke.
  return { id: viewer.branch_id ?? -1, name: viewer.branch_name ?? 'Tu sucursal' };
}

/** The signed-in user's permissions, for components. */
export function usePermissions() {
  const viewer = useAuthStore((s) => s.user);
  return {
    can: (capability: Capability) => can(viewer, capability),
    canOpen: (pathname: string) => canOpen(viewer, pathname),
    ownBranch: ownBranch(viewer),
  };
}
