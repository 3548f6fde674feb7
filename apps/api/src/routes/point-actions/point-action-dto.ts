import type { TPointAction, ZPointActionUpdate } from '@panel/shared';
import type { z } from 'zod';
import type { pointActions } from '../../db/schema/points.ts';
import { isBuiltInAction } from '../../services/points/built-in-actions.ts';

export const TAG = 'configuración de puntos';

type PointActionRow = typeof pointActions.$inferSelect;

export function toPointActionDto(row: PointActionRow): TPointAction {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    points: row.points,
    active: row.active,
    daily_limit: row.dailyLimit,
    cooldown_seconds: row.cooldownSeconds,
    built_in: isBuiltInAction(row.key),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The columns a create or an update body writes (the key is written once, at creation). */
export function pointActionValues(body: z.output<typeof ZPointActionUpdate>) {
  return {
    name: body.name,
    description: body.description,
    points: body.points,
    active: body.active,
    dailyLimit: body.daily_limit,
    cooldownSeconds: body.cooldown_seconds,
  };
}
