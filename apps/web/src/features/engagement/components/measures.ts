import { engagementChange, type TEngagementValues } from '@panel/shared';

export type MeasureKey = keyof TEngagementValues;

/** The table's columns and the chart's measures, in order (docs/product.md#participacion). */
export const MEASURES: { key: MeasureKey; label: string; rate?: boolean; decimals?: boolean }[] = [
  { key: 'sellers', label: 'Vendedores' },
  { key: 'active_sellers', label: 'Activos' },
  { key: 'posts_seen', label: 'Publicaciones vistas' },
  { key: 'likes_per_active', label: 'Me gusta por activo', decimals: true },
  { key: 'comments_per_active', label: 'Comentarios por activo', decimals: true },
  { key: 'notifications_read_24h', label: 'Notificaciones leídas en 24 h', rate: true },
  { key: 'survey_response_rate', label: 'Respuesta a encuestas', rate: true },
];

export function formatValue(key: MeasureKey, value: number | null): string {
  const measure = MEASURES.find((m) => m.key === key);
  if (value === null) return '—';
  if (measure?.rate) return `${(value * 100).toLocaleString('es-AR', { maximumFractionDigits: 1 })} %`;
  return value.toLocaleString('es-AR', { maximumFractionDigits: measure?.decimals ? 2 : 0 });
}

/** "+25 %", "−10 %", "=" or null when there is nothing to compare with. */
export function formatChange(current: number | null, previous: number | null): string | null {
  const change = engagementChange(current, previous);
  if (change === null) return null;
  const pct = Math.round(change * 100);
  if (pct === 0) return '=';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct).toLocaleString('es-AR')} %`;
}

/** What the chart draws per week: counts that grow with a branch's size are shown per seller or as a share. */
export const CHART_MEASURES: { key: string; label: string; of: (v: TEngagementValues) => number | null }[] = [
  {
    key: 'active_share',
    label: 'Vendedores activos (%)',
    of: (v) => (v.sellers > 0 ? Math.round((v.active_sellers / v.sellers) * 1000) / 10 : null),
  },
  {
    key: 'seen_per_seller',
    label: 'Publicaciones vistas por vendedor',
    of: (v) => (v.sellers > 0 ? Math.round((v.posts_seen / v.sellers) * 100) / 100 : null),
  },
  { key: 'likes_per_active', label: 'Me gusta por activo', of: (v) => v.likes_per_active },
  { key: 'comments_per_active', label: 'Comentarios por activo', of: (v) => v.comments_per_active },
  {
    key: 'read_24h',
    label: 'Notificaciones leídas en 24 h (%)',
    of: (v) => (v.notifications_read_24h === null ? null : Math.round(v.notifications_read_24h * 1000) / 10),
  },
  {
    key: 'survey_rate',
    label: 'Respuesta a encuestas (%)',
    of: (v) => (v.survey_response_rate === null ? null : Math.round(v.survey_response_rate * 1000) / 10),
  },
];

/** "2026-03-09" → "09/03/2026" (es-AR). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
