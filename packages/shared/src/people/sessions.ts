import { z } from 'zod';
import { zTimestamp } from '../core/common.ts';

/**
 * The open sessions of an account (issue 30, section 4; docs/product.md#open-sessions): shown in
 * the panel's "Mi cuenta", the app's Perfil and, for administrators, a seller's "Sesiones" dialog.
 */
export const ZSession = z.object({
  id: z.number().int(),
  /** The browser and system in words, built by the server from the sign-in's User-Agent. */
  device: z.string().describe('Navegador y sistema en palabras: "Chrome en Windows", "Safari en iPhone"'),
  /** The address the session was opened from; null for sessions opened before it was kept. */
  ip: z.string().nullable(),
  created_at: zTimestamp,
  last_seen_at: zTimestamp,
  /** The session making this call ("esta sesión"); always false in an administrator's view of another person. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

/**
 * How many sessions a list shows, most recently used first. Open sessions end by themselves within
 * 7 days and sign-ins are throttled, so a person has a handful; `meta.total` counts them all.
 */
export const SESSIONS_LIST_MAX = 50;

export const ZSessionList = z.object({
  data: z.array(ZSession),
  meta: z.object({
    total: z
      .number()
      .int()
      .describe(`Sesiones abiertas; la lista muestra las ${SESSIONS_LIST_MAX} más recientes`),
  }),
});
export type TSessionList = z.infer<typeof ZSessionList>;

/** What ending several sessions answers: how many were still open. */
export const ZSessionsEnded = z.object({ data: z.object({ ended: z.number().int() }) });
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;

export const SESSION_MSG = {
  notFound: 'La sesión no existe o ya se cerró',
  title: 'Sesiones abiertas',
  current: 'esta sesión',
  ended: 'Sesión cerrada',
  empty: 'No hay sesiones abiertas.',
  loadError: 'No se pudieron cargar las sesiones.',
  endOthers: 'Cerrar las demás',
  endAll: 'Cerrar todas las sesiones',
} as const;

/** "Se cerraron 3 sesiones", "Se cerró 1 sesión", "No había sesiones para cerrar". */
export function sessionsEndedText(count: number): string {
  if (count === 0) return 'No había sesiones para cerrar';
  return count === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${count} sesiones`;
}
