import { BUILT_IN_POINT_ACTION_KEYS } from '@panel/shared';
import type { Db, Tx } from '../../db/client.ts';
import { pointActions } from '../../db/schema/points.ts';

/** The built-in actions the points engine awards (docs/product.md#points-engine). Admins may edit them afterwards. */
export const BUILT_IN_POINT_ACTIONS = [
  {
    key: 'daily_login',
    name: 'Inicio de sesión diario',
    description: 'Primer ingreso del día a la app de la comunidad.',
    points: 5,
    dailyLimit: 1,
  },
  {
    key: 'create_post',
    name: 'Crear publicación',
    description: 'Publicar en el muro.',
    points: 20,
    dailyLimit: 5,
  },
  {
    key: 'like_post',
    name: 'Dar me gusta',
    description: 'Dar me gusta a una publicación.',
    points: 2,
    dailyLimit: 20,
  },
  {
    key: 'comment_post',
    name: 'Comentar publicación',
    description: 'Comentar una publicación.',
    points: 5,
    dailyLimit: 10,
  },
  { key: 'view_story', name: 'Ver historia', description: 'Ver una historia.', points: 1, dailyLimit: 20 },
  {
    key: 'complete_survey',
    name: 'Completar encuesta',
    description: 'Responder una encuesta (además suma los puntos propios de la encuesta).',
    points: 10,
    dailyLimit: null,
  },
] as const;

/** Inserts the built-in actions that are missing; existing ones (maybe edited) are left alone. */
export async function ensureBuiltInPointActions(db: Db | Tx): Promise<number> {
  const inserted = await db
    .insert(pointActions)
    .values(BUILT_IN_POINT_ACTIONS.map((a) => ({ ...a, active: true })))
    .onConflictDoNothing({ target: pointActions.key })
    .returning({ id: pointActions.id });
  return inserted.length;
}

const builtIn = new Set<string>(BUILT_IN_POINT_ACTION_KEYS);
/** Whether `key` is one of the app's own actions (never deleted). */
export const isBuiltInAction = (key: string) => builtIn.has(key);
