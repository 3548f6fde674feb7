/**
 * Title and breadcrumb of every guarded screen, in one place: the menu, the quick search and
 * the page headers read them, so a screen is named the same everywhere.
 */
export interface ScreenMeta {
  title: string;
  breadcrumb: string;
}

export const SCREENS = {
  dashboard: { title: 'Tablero de control', breadcrumb: 'Inicio / Tablero' },
  posts: { title: 'Publicaciones', breadcrumb: 'Inicio / Publicaciones' },
  stories: { title: 'Historias', breadcrumb: 'Inicio / Historias' },
  notifications: { title: 'Notificaciones', breadcrumb: 'Inicio / Notificaciones' },
  'notification-types': { title: 'Tipos de Notificación', breadcrumb: 'Inicio / Tipos de Notificación' },
  events: { title: 'Eventos', breadcrumb: 'Inicio / Eventos' },
  'event-types': { title: 'Tipos de Eventos', breadcrumb: 'Inicio / Tipos de Eventos' },
  branches: { title: 'Sucursales', breadcrumb: 'Inicio / Sucursales' },
  users: { title: 'Vendedores', breadcrumb: 'Inicio / Vendedores' },
  calendar: { title: 'Calendario de Eventos', breadcrumb: 'Inicio / Calendario' },
  suppliers: { title: 'Proveedores', breadcrumb: 'Inicio / Proveedores' },
  brands: { title: 'Marcas', breadcrumb: 'Inicio / Marcas' },
  engagement: { title: 'Participación', breadcrumb: 'Inicio / Avances / Participación' },
  'points-dashboard': { title: 'Gamificación', breadcrumb: 'Inicio / Gamificación / Dashboard' },
  'points-leaderboard': { title: 'Leaderboard', breadcrumb: 'Inicio / Gamificación / Leaderboard' },
  'points-transactions': { title: 'Historial de puntos', breadcrumb: 'Inicio / Gamificación / Historial' },
  'point-actions': { title: 'Configuración de puntos', breadcrumb: 'Inicio / Gamificación / Configuración' },
  surveys: { title: 'Encuestas', breadcrumb: 'Inicio / Encuestas' },
  audit: { title: 'Auditoría', breadcrumb: 'Inicio / Auditoría' },
  account: { title: 'Mi cuenta', breadcrumb: 'Inicio / Mi cuenta' },
} as const satisfies Record<string, ScreenMeta>;

export type ScreenKey = keyof typeof SCREENS;
