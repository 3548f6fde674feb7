export const APP_TITLE = 'Panel de Administración';
export const DEFAULT_TIMEZONE = 'America/Argentina/Buenos_Aires';
/** Browser storage key of the session (docs/product.md#the-panels-screens, #constants). */
export const AUTH_STORAGE_KEY = 'auth-storage';
/** Where the server serves the sellers' app (apps/community). */
export const COMMUNITY_APP_PATH = '/comunidad/';
/**
 * The `code` of the 403 every panel call answers while a required second factor is missing
 * (people/mfa.ts). Here, with no zod beside it, because the panel's first load checks every answer for it.
 */
export const MFA_SETUP_REQUIRED = 'mfa_setup_required';
export const TOAST_AUTO_CLOSE_MS = 3000;
export const MONTHS_ES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;
