export const APP_TITLE = 'Panel de Administración';
export const DEFAULT_TIMEZONE = 'America/Argentina/Buenos_Aires';
/** Browser storage key of the session (docs/product.md#the-panels-screens, #constants). */
export const AUTH_STORAGE_KEY = 'auth-storage';
/** Where the server serves the sellers' app (apps/community). */
export const COMMUNITY_APP_PATH = '/comunidad/';
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
